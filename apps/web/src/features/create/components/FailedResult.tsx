import type { Generation } from '@parti/contract'
import { AlertTriangle, RotateCcw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import { failureMessageKey } from '../../jobs/messages'
import { FailureReason } from './FailureReason'

/**
 * A job that failed (docs/product.md#placeholders): what failed in the words of
 * docs/product.md#errors-generation, that the credits came back, and a retry.
 */
export function FailedResult({ generation, onRetry }: { generation: Generation; onRetry?: () => void }) {
  const { t } = useTranslation('jobs')
  const { t: tc } = useTranslation('create')
  return (
    <div
      data-testid="failed-result"
      className="flex flex-col items-center rounded-2xl border border-danger/30 bg-danger-soft/60 px-6 py-10 text-center"
    >
      <span className="grid size-11 place-items-center rounded-xl bg-surface text-danger shadow-card">
        <AlertTriangle className="size-5" aria-hidden />
      </span>
      <p className="mt-3 text-sm font-semibold text-fg">{t(failureMessageKey(generation))}</p>
      <FailureReason generation={generation} className="mt-1 max-w-md" />
      <p className="mt-1 text-[13px] text-fg-muted">
        {t('failure.refunded', { credits: generation.creditsCost })}
      </p>
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
          <RotateCcw aria-hidden />
          {tc('result.retry')}
        </Button>
      )}
    </div>
  )
}
