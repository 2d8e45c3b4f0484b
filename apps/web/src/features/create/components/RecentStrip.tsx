import type { Generation } from '@parti/contract'
import { Film } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import { Spinner } from '../../../components/ui/Spinner'
import type { GenerationFilters } from '../../jobs/keys'
import { useRecentGenerations } from '../hooks/useRecentGenerations'

interface RecentStripProps {
  filters: GenerationFilters
  /** ids shown in the result area now */
  selected: readonly string[]
  /** the chosen result, with the rest of its batch when grouped */
  onSelect: (generation: Generation, batch: Generation[]) => void
  /** several jobs of one request (a multi-angle batch) show as one entry */
  groupByBatch?: boolean
}

/** The screen's recent results, newest first, pending ones spinning: one tap shows one again. */
export function RecentStrip({ filters, selected, onSelect, groupByBatch }: RecentStripProps) {
  const { t } = useTranslation('create')
  const { items } = useRecentGenerations(filters)
  const seenBatches = new Set<string>()
  const shown = items.filter((g) => {
    if (!groupByBatch || !g.batchId) return true
    if (seenBatches.has(g.batchId)) return false
    seenBatches.add(g.batchId)
    return true
  })
  if (!shown.length) return null
  return (
    <section aria-label={t('recent.title')} className="flex flex-col gap-2" data-testid="recent-strip">
      <h3 className="text-xs font-medium tracking-wide text-fg-subtle uppercase">{t('recent.title')}</h3>
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {shown.slice(0, 16).map((g) => {
          const done = g.status === 'completed'
          const active = selected.includes(g.id)
          const thumb = g.thumbnailUrl ?? g.outputImageUrl ?? g.inputImageUrl
          return (
            <li key={g.id} className="shrink-0">
              <button
                type="button"
                onClick={() =>
                  onSelect(
                    g,
                    groupByBatch && g.batchId ? items.filter((x) => x.batchId === g.batchId).reverse() : [g],
                  )
                }
                aria-pressed={active}
                aria-label={t('recent.show', { prompt: g.userPrompt || t('recent.untitled') })}
                className={cn(
                  'relative block size-16 overflow-hidden rounded-lg border bg-surface-2 transition-shadow sm:size-[72px]',
                  active ? 'border-accent ring-2 ring-accent/40' : 'border-border hover:border-border-strong',
                )}
              >
                {thumb && (
                  <img
                    src={thumb}
                    alt=""
                    loading="lazy"
                    className={cn('size-full object-cover', !done && 'opacity-40')}
                  />
                )}
                {!done && (
                  <span className="absolute inset-0 grid place-items-center">
                    <Spinner className="size-4" />
                  </span>
                )}
                {done && g.type === 'video' && (
                  <Film className="absolute end-1 bottom-1 size-3.5 text-white drop-shadow" aria-hidden />
                )}
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
