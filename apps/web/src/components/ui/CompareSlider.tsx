import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { cn } from './cn'

interface CompareSliderProps {
  /** the layer shown on the start side of the divider (left in left-to-right, right in Arabic) */
  before: ReactNode
  /** the layer shown on the end side */
  after: ReactNode
  beforeLabel: string
  afterLabel: string
  /** the accessible name of the divider, e.g. "Compare before and after" */
  sliderLabel: string
  /** percent of the width, from the start edge, where the divider sits (controlled) */
  position?: number
  defaultPosition?: number
  onPositionChange?: (position: number) => void
  className?: string
}

const clamp = (v: number) => Math.min(100, Math.max(0, v))

/**
 * Before/after comparison: two layers stacked in one box, the before layer clipped at a divider the user drags
 * (pointer or touch on the handle) or moves with the keyboard (arrows by 2 %, Page Up/Down by 10 %, Home/End).
 * The start side follows the text direction, and so do the arrow keys: in Arabic the before layer sits on the
 * right and ArrowLeft moves the divider left, towards the after layer's side.
 *
 * The layers are any content filling the box; a zoom-and-pan viewer passes each one its transformed stage, so
 * the divider stays put on screen while both images zoom together.
 */
export function CompareSlider({
  before,
  after,
  beforeLabel,
  afterLabel,
  sliderLabel,
  position,
  defaultPosition = 50,
  onPositionChange,
  className,
}: CompareSliderProps) {
  const [own, setOwn] = useState(defaultPosition)
  const value = clamp(position ?? own)
  const rootRef = useRef<HTMLDivElement>(null)
  const dragging = useRef(false)

  const set = (next: number) => {
    const v = Math.round(clamp(next) * 10) / 10
    if (position === undefined) setOwn(v)
    onPositionChange?.(v)
  }

  const isRtl = () => !!rootRef.current && getComputedStyle(rootRef.current).direction === 'rtl'
  // the clip has no logical form, so the direction is read from the layout (the document's dir may change)
  const [rtl, setRtl] = useState(false)
  useLayoutEffect(() => {
    const next = isRtl()
    if (next !== rtl) setRtl(next)
  })

  const fromPointer = (clientX: number) => {
    const rect = rootRef.current?.getBoundingClientRect()
    if (!rect || rect.width === 0) return
    const fromStart = isRtl() ? rect.right - clientX : clientX - rect.left
    set((fromStart / rect.width) * 100)
  }

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return
    e.stopPropagation()
    e.preventDefault()
    dragging.current = true
    e.currentTarget.setPointerCapture?.(e.pointerId)
    e.currentTarget.focus()
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return
    e.stopPropagation()
    fromPointer(e.clientX)
  }
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    dragging.current = false
    e.currentTarget.releasePointerCapture?.(e.pointerId)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // ArrowRight moves the divider right on screen: towards the end in LTR, towards the start in RTL
    const right = isRtl() ? -1 : 1
    const steps: Record<string, number> = {
      ArrowRight: 2 * right,
      ArrowLeft: -2 * right,
      ArrowUp: 2,
      ArrowDown: -2,
      PageUp: 10,
      PageDown: -10,
    }
    if (e.key in steps) set(value + steps[e.key]!)
    else if (e.key === 'Home') set(0)
    else if (e.key === 'End') set(100)
    else return
    e.preventDefault()
    e.stopPropagation()
  }

  return (
    <div
      ref={rootRef}
      data-testid="compare-slider"
      className={cn('relative isolate h-full w-full overflow-hidden select-none', className)}
    >
      <div className="absolute inset-0">{after}</div>
      <div
        className="absolute inset-0"
        data-testid="compare-before"
        // the before layer covers the start edge up to the divider
        style={{ clipPath: rtl ? `inset(0 0 0 ${100 - value}%)` : `inset(0 ${100 - value}% 0 0)` }}
      >
        {before}
      </div>

      <span
        aria-hidden
        className={cn(
          'pointer-events-none absolute start-3 top-3 z-10 rounded-md bg-black/55 px-2 py-1 text-xs font-medium text-white backdrop-blur-sm transition-opacity',
          value < 12 && 'opacity-0',
        )}
      >
        {beforeLabel}
      </span>
      <span
        aria-hidden
        className={cn(
          'pointer-events-none absolute end-3 top-3 z-10 rounded-md bg-black/55 px-2 py-1 text-xs font-medium text-white backdrop-blur-sm transition-opacity',
          value > 88 && 'opacity-0',
        )}
      >
        {afterLabel}
      </span>

      <div
        role="slider"
        tabIndex={0}
        aria-label={sliderLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value)}
        aria-valuetext={`${beforeLabel} ${Math.round(value)}%, ${afterLabel} ${Math.round(100 - value)}%`}
        aria-orientation="horizontal"
        data-testid="compare-handle"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        className="group absolute inset-y-0 z-20 -ms-5 w-10 cursor-ew-resize touch-none outline-none"
        style={{ insetInlineStart: `${value}%` }}
      >
        <span className="absolute inset-y-0 start-1/2 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.25)] rtl:translate-x-1/2" />
        <span
          className={cn(
            'absolute start-1/2 top-1/2 grid size-9 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full',
            'border border-black/10 bg-white text-neutral-800 shadow-pop rtl:translate-x-1/2',
            'group-focus-visible:ring-2 group-focus-visible:ring-ring group-focus-visible:ring-offset-2',
          )}
        >
          <svg viewBox="0 0 20 20" className="size-4" aria-hidden fill="currentColor">
            <path d="M7.5 5 2.5 10l5 5V5Zm5 0v10l5-5-5-5Z" />
          </svg>
        </span>
      </div>
    </div>
  )
}
