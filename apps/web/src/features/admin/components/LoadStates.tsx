import { TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'

/** Placeholder rows while the list loads. */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation('admin')
  return (
    <div
      role="status"
      aria-label={t('states.loading')}
      className="overflow-hidden rounded-2xl border border-border bg-surface"
    >
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
        <div key={i} className="flex items-center gap-3 border-b border-border px-3 py-3 last:border-b-0">
          <div className="h-12 w-16 animate-pulse rounded-lg bg-surface-2" />
          <div className="flex-1 space-y-2">
            <div className="h-3 w-1/3 animate-pulse rounded bg-surface-2" />
            <div className="h-2.5 w-1/5 animate-pulse rounded bg-surface-2" />
          </div>
        </div>
      ))}
    </div>
  )
}

/** 'Failed to load …' (docs/product.md#errors-data), with a way to try again. */
export function LoadError({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const { t } = useTranslation('admin')
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface px-6 py-10 text-center"
    >
      <TriangleAlert className="size-6 text-danger" aria-hidden />
      <p className="text-sm text-fg">{message ?? t('states.loadStylesFailed')}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </div>
  )
}
