import type { Generation } from '@parti/contract'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'

/**
 * The engine's own reason for a failure, under the failure notice (docs/product.md#errors-generation): what the
 * server stored as the user-safe message (e.g. "Please select an area with the lasso tool…"), so the user
 * learns what to change rather than a generic hint. Nothing for a cancellation or a failure without words.
 */
export function FailureReason({
  generation: g,
  className,
}: {
  generation: Pick<Generation, 'error' | 'errorCode'>
  className?: string
}) {
  const { t } = useTranslation('create')
  const reason = g.error?.trim()
  if (!reason || g.errorCode === 'cancelled') return null
  return (
    <p className={cn('text-[13px] text-fg', className)} data-testid="failure-reason" dir="auto">
      {/* the server's words are English: isolated (FSI…PDI) so they read right inside an Arabic sentence */}
      {t('failure.reason', { reason: `\u2068${reason}\u2069` })}
    </p>
  )
}
