import type { Generation } from '@parti/contract'
import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/Button'
import { cn } from '../../components/ui/cn'
import { Spinner } from '../../components/ui/Spinner'
import { usePickVariation } from './hooks'

/**
 * The variations of one request as a strip to choose from (docs/product.md#variations): the one shown is
 * outlined, the kept one ticked; "Keep this one" marks the shown one as kept.
 */
export function VariationStrip({
  variations,
  shown,
  onShow,
}: {
  /** in the request's order; undefined while a variation is still loading */
  variations: Array<Generation | undefined>
  shown: string
  onShow: (id: string) => void
}) {
  const { t } = useTranslation('versions')
  const pick = usePickVariation()
  const count = variations.length
  const current = variations.find((g) => g?.id === shown)
  return (
    <section
      aria-label={t('variations.strip')}
      className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-3"
      data-testid="variation-strip"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-medium tracking-wide text-fg-subtle uppercase">
          {t('variations.strip')}
        </h3>
        {current?.status === 'completed' &&
          (current.picked ? (
            <span
              className="inline-flex items-center gap-1 text-xs font-medium text-success"
              data-testid="variation-kept"
            >
              <Check className="size-3.5" aria-hidden />
              {t('variations.kept')}
            </span>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => pick.mutate(current.id)}
              disabled={pick.isPending}
              data-testid="variation-keep"
            >
              {t('variations.keep')}
            </Button>
          ))}
      </div>
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {variations.map((g, i) => {
          const thumb = g?.thumbnailUrl ?? g?.outputImageUrl
          const label = t('variations.item', { n: i + 1, count })
          return (
            <li key={g?.id ?? i} className="shrink-0">
              <button
                type="button"
                disabled={!g}
                onClick={() => g && onShow(g.id)}
                aria-pressed={g?.id === shown}
                aria-label={g?.status === 'failed' ? `${label}: ${t('variations.failed')}` : label}
                data-testid="variation-item"
                className={cn(
                  'relative block size-16 overflow-hidden rounded-lg border bg-surface-2 sm:size-20',
                  g?.id === shown
                    ? 'border-accent ring-2 ring-accent/40'
                    : 'border-border hover:border-border-strong',
                )}
              >
                {thumb && g?.status === 'completed' ? (
                  <img src={thumb} alt="" className="size-full object-cover" />
                ) : g?.status === 'failed' ? (
                  <span className="flex size-full items-center justify-center p-1 text-center text-[10px] text-fg-subtle">
                    {t('variations.failed')}
                  </span>
                ) : (
                  <span className="flex size-full items-center justify-center">
                    <Spinner className="size-4" />
                  </span>
                )}
                {g?.picked && (
                  <span className="absolute end-1 top-1 rounded-full bg-accent p-0.5 text-accent-fg">
                    <Check className="size-3" aria-hidden />
                  </span>
                )}
                <span className="absolute start-1 bottom-1 rounded bg-black/55 px-1 text-[10px] text-white">
                  {i + 1}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
