import type { AdminPlanInput, AdminPlansResponse } from '@parti/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { adminPlansKey, fetchAdminPlans, updatePlan } from '../api'

export function useAdminPlans() {
  return useQuery({ queryKey: adminPlansKey, queryFn: ({ signal }) => fetchAdminPlans(signal) })
}

/** Save one plan; marking it popular unmarks the others on the server, so the whole list is read again. */
export function useSavePlan() {
  const qc = useQueryClient()
  const { t } = useTranslation('admin')
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminPlanInput }) => updatePlan(id, input),
    onSuccess: (plan) => {
      qc.setQueryData<AdminPlansResponse>(adminPlansKey, (data) =>
        data
          ? {
              plans: data.plans.map((p) =>
                p.id === plan.id ? plan : plan.popular ? { ...p, popular: false } : p,
              ),
            }
          : data,
      )
      // the pricing page reads the plans too
      void qc.invalidateQueries({ queryKey: ['plans'] })
      toast.success(t('toasts.planSaved', { name: t(`plans.names.${plan.name}`) }))
    },
    onError: () => toast.error(t('toasts.planSaveFailed')),
  })
}
