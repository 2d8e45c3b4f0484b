import { useMutation } from '@tanstack/react-query'
import { Activity } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../components/ui/Badge'
import { Button } from '../../components/ui/Button'
import { EmptyState } from '../../components/ui/EmptyState'
import { Spinner } from '../../components/ui/Spinner'
import { call } from '../../lib/api'
import { AdminHeader } from './components/AdminHeader'
import { LoadError } from './components/LoadStates'
import { useWhen } from './hooks/useWhen'
import { RequireAdmin } from './RequireAdmin'

/**
 * /admin/engines (docs/hosted-engines.md#live-check): the operators' live check, one tiny real job per step
 * that a hosted engine serves, the same as `npm run engines:check`; the table shows each step's time and price.
 */
export default function AdminEnginesPage() {
  return (
    <RequireAdmin>
      <EnginesScreen />
    </RequireAdmin>
  )
}

function EnginesScreen() {
  const { t, i18n } = useTranslation('admin')
  const when = useWhen()
  const check = useMutation({ mutationFn: () => call('POST /admin/engines/check') })
  const seconds = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  const result = check.data
  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 pt-5 pb-12 sm:px-6 lg:px-8 lg:pt-7">
      <AdminHeader
        heading={t('engines.heading')}
        intro={t('engines.intro')}
        actions={
          <Button onClick={() => check.mutate()} disabled={check.isPending} data-testid="engines-check-run">
            {check.isPending && <Spinner className="text-current" />}
            {check.isPending ? t('engines.running') : t('engines.run')}
          </Button>
        }
      />
      {check.isError ? (
        <LoadError message={t('engines.failed')} onRetry={() => check.mutate()} />
      ) : !result ? (
        <EmptyState icon={Activity} title={t('engines.idle.title')} body={t('engines.idle.body')} />
      ) : result.rows.length === 0 ? (
        <EmptyState icon={Activity} title={t('engines.none.title')} body={t('engines.none.body')} />
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-border bg-surface">
          <table className="w-full text-sm" data-testid="engines-check-table">
            <caption className="px-4 pt-3 text-start text-xs text-fg-subtle">
              {t('engines.checkedAt', { when: when(result.checkedAt) })}
            </caption>
            <thead>
              <tr className="border-b border-border text-start text-xs text-fg-muted">
                {(['step', 'engine', 'model', 'result', 'seconds', 'credits'] as const).map((c) => (
                  <th key={c} scope="col" className="px-4 py-2 text-start font-medium">
                    {t(`engines.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row) => (
                <tr
                  key={row.step}
                  className="border-b border-border last:border-b-0"
                  data-testid="engines-check-row"
                >
                  <td className="px-4 py-2 font-mono text-xs" dir="ltr">
                    {row.step}
                  </td>
                  <td className="px-4 py-2">{row.engine}</td>
                  <td className="px-4 py-2 font-mono text-xs" dir="ltr">
                    {row.model}
                  </td>
                  <td className="px-4 py-2">
                    <Badge tone={row.ok ? 'accent' : 'danger'}>
                      {row.ok ? t('engines.ok') : t('engines.failedStep')}
                    </Badge>
                    {row.error && (
                      <span className="ms-2 text-xs text-danger" dir="auto">
                        {row.error}
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-2 tabular-nums">{seconds.format(row.seconds)}</td>
                  <td className="px-4 py-2 tabular-nums">{row.credits}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
