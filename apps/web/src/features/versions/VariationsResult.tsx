import { type ReactNode, useState } from 'react'
import { useGenerations } from '../create/hooks/useGeneration'
import { CompareGrid } from './CompareEngines'
import { VariationStrip } from './VariationStrip'

/**
 * A creation screen's result area for a request of several variations (docs/product.md#variations): the strip
 * to choose from above the chosen one's result view; one job shows its result alone.
 */
export function VariationsResult({
  ids,
  children,
}: {
  ids: readonly string[]
  children: (id: string | null) => ReactNode
}) {
  const [chosen, setChosen] = useState<string | null>(null)
  const variations = useGenerations(ids)
  // the kept one first, else the one chosen here, else the first
  const kept = variations.find((g) => g?.picked)?.id
  const shown = chosen && ids.includes(chosen) ? chosen : (kept ?? ids[0] ?? null)
  if (ids.length < 2 || !shown) return <>{children(shown)}</>
  // a comparison of engines: the grid with each one's time, credits and fidelity (docs/product.md#compare-engines)
  if (variations.some((g) => g?.metadata.compare))
    return (
      <div className="flex flex-col gap-3">
        <CompareGrid ids={ids} cells={variations} shown={shown} onShow={setChosen} />
        {children(shown)}
      </div>
    )
  return (
    <div className="flex flex-col gap-3">
      <VariationStrip variations={variations} shown={shown} onShow={setChosen} />
      {children(shown)}
    </div>
  )
}
