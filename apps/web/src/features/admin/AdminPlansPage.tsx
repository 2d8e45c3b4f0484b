import { useTranslation } from 'react-i18next'
import { AdminHeader } from './components/AdminHeader'
import { LoadError } from './components/LoadStates'
import { PlanCard } from './components/PlanCard'
import { useAdminPlans } from './hooks/useAdminPlans'
import { RequireAdmin } from './RequireAdmin'

/** /admin/plans: the plans' feature lists, the popular badge and the payment provider's price ids. */
export default function AdminPlansPage() {
  return (
    <RequireAdmin>
      <PlansScreen />
    </RequireAdmin>
  )
}

function PlansScreen() {
  const { t } = useTranslation('admin')
  const plans = useAdminPlans()
  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 pt-5 pb-12 sm:px-6 lg:px-8 lg:pt-7">
      <AdminHeader heading={t('plans.heading')} intro={t('plans.intro')} />
      {plans.isPending ? (
        <div role="status" aria-label={t('states.loading')} className="grid gap-5 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-96 animate-pulse rounded-2xl border border-border bg-surface" />
          ))}
        </div>
      ) : plans.isError ? (
        <LoadError message={t('states.loadPlansFailed')} onRetry={() => void plans.refetch()} />
      ) : (
        <div className="grid items-start gap-5 lg:grid-cols-3">
          {plans.data.plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
      )}
    </div>
  )
}
