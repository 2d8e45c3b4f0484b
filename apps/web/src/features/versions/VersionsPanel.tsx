import type { Generation } from '@parti/contract'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/Button'
import { cn } from '../../components/ui/cn'
import { Spinner } from '../../components/ui/Spinner'
import { useLineage } from './hooks'
import { buildTree, flatten } from './tree'

/**
 * The gallery detail's Versions tab (docs/product.md#versions): the tree the result belongs to, each version
 * indented under the one it was made from; open one, or tick two to compare them in the before/after viewer.
 */
export function VersionsPanel({
  generation: g,
  compare,
  onCompareChange,
  onOpen,
}: {
  generation: Generation
  /** the two (or fewer) versions ticked for comparison, oldest first when two */
  compare: Generation[]
  onCompareChange: (pair: Generation[]) => void
  onOpen: (g: Generation) => void
}) {
  const { t } = useTranslation('versions')
  const lineage = useLineage(g.id)
  if (lineage.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-fg-muted">
        <Spinner className="size-4" /> {t('versions.loading')}
      </p>
    )
  if (lineage.isError) return <p className="text-sm text-danger">{t('versions.failedLoad')}</p>
  const nodes = flatten(buildTree(lineage.data.generations, lineage.data.rootId))
  if (nodes.length < 2) return <p className="text-sm text-fg-muted">{t('versions.only')}</p>
  const ticked = new Set(compare.map((c) => c.id))
  const toggle = (v: Generation) => {
    if (ticked.has(v.id)) return onCompareChange(compare.filter((c) => c.id !== v.id))
    const next = [...compare, v].slice(-2)
    onCompareChange(next.sort((a, b) => a.createdAt.localeCompare(b.createdAt)))
  }
  return (
    <div className="flex flex-col gap-3" data-testid="versions-panel">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs text-fg-subtle">
          {compare.length === 2 ? t('versions.comparing') : t('versions.compareHint')}
        </p>
        {compare.length > 0 && (
          <Button size="sm" variant="ghost" onClick={() => onCompareChange([])}>
            {t('versions.clear')}
          </Button>
        )}
      </div>
      <ol className="flex flex-col gap-1.5">
        {nodes.map(({ generation: v, depth }) => {
          const thumb = v.thumbnailUrl ?? v.outputImageUrl
          const current = v.id === g.id
          const usable = v.status === 'completed' && !!v.outputImageUrl
          return (
            <li
              key={v.id}
              style={{ paddingInlineStart: `${Math.min(depth, 6) * 1}rem` }}
              data-testid="version-node"
              data-depth={depth}
              data-generation-id={v.id}
            >
              <div
                className={cn(
                  'flex items-center gap-2 rounded-xl border p-1.5',
                  current ? 'border-accent bg-accent/5' : 'border-border',
                )}
              >
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--color-accent)]"
                  checked={ticked.has(v.id)}
                  disabled={!usable}
                  onChange={() => toggle(v)}
                  aria-label={`${t('versions.compare')}: ${v.userPrompt || v.mode}`}
                  data-testid="version-compare"
                />
                <span className="size-10 shrink-0 overflow-hidden rounded-md bg-surface-2">
                  {thumb && <img src={thumb} alt="" className="size-full object-cover" />}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-xs text-fg" dir="auto">
                    {v.userPrompt || v.mode}
                  </span>
                  <span className="block text-[11px] text-fg-subtle">
                    {current ? t('versions.current') : t('versions.depth', { n: depth + 1 })}
                  </span>
                </span>
                {!current && (
                  <Button size="sm" variant="ghost" onClick={() => onOpen(v)} data-testid="version-open">
                    {t('versions.open')}
                  </Button>
                )}
              </div>
            </li>
          )
        })}
      </ol>
    </div>
  )
}
