import { Eraser, Undo2 } from 'lucide-react'
import { Button } from '../../../components/ui/Button'
import type { Polygon } from './geometry'

interface LassoEditsProps {
  polygons: Polygon[]
  onChange: (polygons: Polygon[]) => void
  /** the page's own words: how many areas are drawn, and the two buttons' names */
  status: string
  undoLabel: string
  clearLabel: string
  statusTestId?: string
}

/** Under a lasso: how many areas are drawn, undo the last one, clear them all. */
export function LassoEdits({
  polygons,
  onChange,
  status,
  undoLabel,
  clearLabel,
  statusTestId,
}: LassoEditsProps) {
  return (
    <>
      <p className="min-w-0 flex-1 text-fg-muted" data-testid={statusTestId}>
        {status}
      </p>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={undoLabel}
        disabled={!polygons.length}
        onClick={() => onChange(polygons.slice(0, -1))}
      >
        <Undo2 aria-hidden className="rtl-flip" />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={clearLabel}
        disabled={!polygons.length}
        onClick={() => onChange([])}
      >
        <Eraser aria-hidden />
      </Button>
    </>
  )
}
