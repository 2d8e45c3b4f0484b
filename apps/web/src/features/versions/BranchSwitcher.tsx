import type { Generation } from '@parti/contract'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useLineage } from './hooks'
import { branchesOf } from './tree'

/**
 * Ask Parti's `‹ 2/3 ›` (docs/product.md#versions): where the image this edit started from was edited again,
 * step between those edits. Nothing shows for an edit without siblings.
 */
export function BranchSwitcher({
  generation: g,
  onSwitch,
}: {
  generation: Generation
  onSwitch: (id: string) => void
}) {
  const { t } = useTranslation('versions')
  const lineage = useLineage(g.sourceGenerationId ? g.id : null)
  const branches = lineage.data ? branchesOf(lineage.data.generations, g.id) : null
  if (!branches) return null
  const { index, siblings } = branches
  const go = (to: number) => onSwitch(siblings[to - 1]!.id)
  return (
    <nav
      className="inline-flex items-center gap-1 self-start rounded-full border border-border bg-surface px-1 text-xs text-fg-muted"
      aria-label={t('versions.branch', { n: index, count: siblings.length })}
      data-testid="branch-switcher"
    >
      <button
        type="button"
        className="grid size-7 place-items-center rounded-full hover:bg-surface-2 disabled:opacity-30"
        disabled={index <= 1}
        onClick={() => go(index - 1)}
        aria-label={t('versions.previousBranch')}
        data-testid="branch-previous"
      >
        <ChevronLeft className="size-4 rtl-flip" aria-hidden />
      </button>
      <span className="tabular-nums" data-testid="branch-position">
        <bdi>
          {index}/{siblings.length}
        </bdi>
      </span>
      <button
        type="button"
        className="grid size-7 place-items-center rounded-full hover:bg-surface-2 disabled:opacity-30"
        disabled={index >= siblings.length}
        onClick={() => go(index + 1)}
        aria-label={t('versions.nextBranch')}
        data-testid="branch-next"
      >
        <ChevronRight className="size-4 rtl-flip" aria-hidden />
      </button>
    </nav>
  )
}
