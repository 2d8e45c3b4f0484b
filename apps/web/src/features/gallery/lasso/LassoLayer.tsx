import { type PointerEvent, useRef, useState } from 'react'
import { cn } from '../../../components/ui/cn'
import { extend, isSelection, type Point, type Polygon, pathData, toImagePoint } from './geometry'

interface LassoLayerProps {
  width: number
  height: number
  polygons: readonly Polygon[]
  onChange: (polygons: Polygon[]) => void
  active: boolean
  label: string
}

/**
 * The lasso tool (docs/product.md#detail-area, docs/product.md#validation-inpaint): drawn over the image
 * inside the zoomed stage, so a selection stays on the pixels it was drawn on at any zoom. A
 * press-drag-release draws a freehand outline that closes itself; each outline that encloses something adds
 * an area. Points are kept in the image's natural pixels.
 */
export function LassoLayer({ width, height, polygons, onChange, active, label }: LassoLayerProps) {
  const svgRef = useRef<SVGSVGElement>(null)
  const [stroke, setStroke] = useState<Point[] | null>(null)

  const point = (e: PointerEvent) => {
    const rect = svgRef.current!.getBoundingClientRect()
    return { p: toImagePoint(e.clientX, e.clientY, rect, { width, height }), scale: width / rect.width }
  }

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    if (!active || (e.pointerType === 'mouse' && e.button !== 0)) return
    e.stopPropagation()
    e.currentTarget.setPointerCapture?.(e.pointerId)
    setStroke([point(e).p])
  }
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    if (!stroke) return
    e.stopPropagation()
    const { p, scale } = point(e)
    setStroke((s) => (s ? extend(s, p, 2 * scale) : s))
  }
  const finish = (e: PointerEvent<SVGSVGElement>) => {
    if (!stroke) return
    e.stopPropagation()
    if (isSelection(stroke, { width, height })) onChange([...polygons, stroke])
    setStroke(null)
  }

  const drawn = pathData(polygons)
  return (
    <svg
      ref={svgRef}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid="lasso-layer"
      data-areas={polygons.length}
      className={cn(
        'absolute inset-0 size-full touch-none',
        active ? 'cursor-crosshair' : 'pointer-events-none',
      )}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={finish}
      onPointerCancel={() => setStroke(null)}
    >
      {drawn && (
        <>
          <path d={drawn} fill="rgb(47 85 212 / 0.28)" fillRule="nonzero" />
          <path d={drawn} fill="none" stroke="white" strokeWidth={2} vectorEffect="non-scaling-stroke" />
          <path
            d={drawn}
            fill="none"
            stroke="black"
            strokeWidth={2}
            strokeDasharray="6 6"
            vectorEffect="non-scaling-stroke"
          />
        </>
      )}
      {stroke && stroke.length > 1 && (
        <polyline
          points={stroke.map(([x, y]) => `${x},${y}`).join(' ')}
          fill="rgb(47 85 212 / 0.18)"
          stroke="white"
          strokeWidth={2}
          strokeDasharray="4 4"
          vectorEffect="non-scaling-stroke"
        />
      )}
    </svg>
  )
}
