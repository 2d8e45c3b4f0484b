import { ENGINE_NAMES, type EngineId, type Generation, MAX_COMPARE_ENGINES } from '@parti/contract'
import { Check, Columns3 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/Button'
import { cn } from '../../components/ui/cn'
import { Spinner } from '../../components/ui/Spinner'
import { useDeleteGeneration } from '../gallery/hooks/useDeleteGeneration'
import { usePickVariation } from './hooks'

/** An engine's name as the screens say it: the built-in one in the reader's language. */
function useEngineName() {
  const { t } = useTranslation('create')
  return (engine: string) =>
    engine === 'local' ? t('engine.local') : (ENGINE_NAMES[engine as EngineId] ?? engine)
}

/**
 * "Compare engines" (docs/product.md#compare-engines): offered where two or more engines can serve the kind for
 * this user; runs the same request once on each (up to three), priced per cell and said before sending.
 */
export function CompareEnginesButton({
  engines,
  price,
  disabled,
  pending,
  onCompare,
}: {
  /** the engines serving the kind, the configured one first (capabilities' `engines`) */
  engines: readonly string[] | undefined
  /** the price of one cell */
  price: number
  disabled?: boolean
  pending?: boolean
  onCompare: (engines: string[]) => void
}) {
  const { t, i18n } = useTranslation('versions')
  const name = useEngineName()
  const chosen = (engines ?? []).slice(0, MAX_COMPARE_ENGINES)
  if (chosen.length < 2) return null
  const list = new Intl.ListFormat(i18n.resolvedLanguage ?? 'en', { type: 'conjunction' })
  const credits = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en').format(price * chosen.length)
  return (
    <div className="flex flex-col gap-1.5" data-testid="compare-engines">
      <Button
        variant="outline"
        onClick={() => onCompare(chosen)}
        disabled={disabled || pending}
        data-testid="compare-engines-button"
      >
        {pending ? <Spinner className="size-4" /> : <Columns3 aria-hidden />}
        {t('compare.button', { credits })}
      </Button>
      <p className="text-xs text-fg-subtle">
        {t('compare.hint', { engines: list.format(chosen.map(name)), cost: price })}
      </p>
    </div>
  )
}

/**
 * A comparison's results side by side: each engine's picture with its measured seconds, the credits it cost and
 * its fidelity figure; keep one (the others are deleted) or keep all.
 */
export function CompareGrid({
  ids,
  cells: all,
  shown,
  onShow,
}: {
  ids: readonly string[]
  /** in the request's order; undefined while a cell is still loading */
  cells: Array<Generation | undefined>
  shown: string | null
  onShow: (id: string) => void
}) {
  const { t, i18n } = useTranslation('versions')
  const name = useEngineName()
  const pick = usePickVariation()
  const remove = useDeleteGeneration()
  const [keptAll, setKeptAll] = useState(false)
  // cells deleted by "keep only this one" leave the grid
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set())
  const cells = all.filter((_, i) => !removed.has(ids[i]!))
  const lang = i18n.resolvedLanguage ?? 'en'
  const seconds = new Intl.NumberFormat(lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 })
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 })
  const credits = new Intl.NumberFormat(lang)
  const done = cells.every((c) => c && (c.status === 'completed' || c.status === 'failed'))
  const keepOnly = (g: Generation) => {
    pick.mutate(g.id)
    onShow(g.id)
    const others = cells.filter((c): c is Generation => !!c && c.id !== g.id)
    setRemoved(new Set([...removed, ...others.map((c) => c.id)]))
    for (const other of others) remove.mutate(other)
  }
  return (
    <section
      aria-label={t('compare.grid')}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3"
      data-testid="compare-grid"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-xs font-medium tracking-wide text-fg-subtle uppercase">{t('compare.grid')}</h3>
        {done &&
          (keptAll ? (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-success">
              <Check className="size-3.5" aria-hidden />
              {t('compare.keptAll')}
            </span>
          ) : (
            <Button size="sm" variant="ghost" onClick={() => setKeptAll(true)} data-testid="compare-keep-all">
              {t('compare.keepAll')}
            </Button>
          ))}
      </div>
      <ul className={cn('grid gap-3', cells.length > 2 ? 'sm:grid-cols-3' : 'grid-cols-2')}>
        {cells.map((g, i) => {
          const engine = g?.metadata.compare?.engine ?? g?.engine ?? ''
          const picture = g?.thumbnailUrl ?? g?.outputImageUrl
          const fidelity = g?.metadata.fidelity?.score
          return (
            <li
              key={g?.id ?? i}
              className={cn(
                'flex min-w-0 flex-col gap-2 rounded-xl border p-2',
                g?.id === shown ? 'border-accent ring-2 ring-accent/30' : 'border-border',
              )}
              data-testid="compare-cell"
              data-engine={engine}
              data-status={g?.status}
            >
              <button
                type="button"
                disabled={g?.status !== 'completed'}
                onClick={() => g && onShow(g.id)}
                aria-pressed={g?.id === shown}
                aria-label={t('compare.show', { engine: name(engine) })}
                className="relative block aspect-[4/3] overflow-hidden rounded-lg bg-surface-2"
              >
                {g?.status === 'completed' && picture ? (
                  <img src={picture} alt="" className="size-full object-cover" />
                ) : g?.status === 'failed' ? (
                  <span className="flex size-full items-center justify-center p-2 text-center text-xs text-fg-subtle">
                    {t('compare.failed')}
                  </span>
                ) : (
                  <span className="flex size-full items-center justify-center">
                    <Spinner className="size-5" label={t('compare.working')} />
                  </span>
                )}
                {g?.picked && (
                  <span className="absolute end-1.5 top-1.5 rounded-full bg-accent p-0.5 text-accent-fg">
                    <Check className="size-3.5" aria-hidden />
                  </span>
                )}
              </button>
              <p className="truncate text-sm font-medium text-fg" data-testid="compare-engine">
                {name(engine)}
              </p>
              <dl className="grid grid-cols-3 gap-1 text-[11px] text-fg-subtle">
                <div>
                  <dt>{t('compare.seconds')}</dt>
                  <dd className="text-xs text-fg tabular-nums" data-testid="compare-seconds">
                    {g?.status === 'completed' && g.processingTime !== null
                      ? seconds.format(g.processingTime / 1000)
                      : '–'}
                  </dd>
                </div>
                <div>
                  <dt>{t('compare.credits')}</dt>
                  <dd className="text-xs text-fg tabular-nums" data-testid="compare-credits">
                    {g?.status === 'completed' || g?.status === 'failed'
                      ? credits.format(g.creditsCharged)
                      : credits.format(g?.creditsCost ?? 0)}
                  </dd>
                </div>
                <div>
                  <dt>{t('compare.fidelity')}</dt>
                  <dd className="text-xs text-fg tabular-nums" data-testid="compare-fidelity">
                    {fidelity === undefined ? '–' : percent.format(fidelity)}
                  </dd>
                </div>
              </dl>
              {g?.status === 'completed' && (
                <Button
                  size="sm"
                  variant={g.picked ? 'ghost' : 'secondary'}
                  disabled={g.picked || pick.isPending || remove.isPending}
                  onClick={() => keepOnly(g)}
                  data-testid="compare-keep"
                >
                  {g.picked ? t('variations.kept') : t('compare.keepOnly')}
                </Button>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
