import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react'
import { cn } from './cn'

export interface ZoomPanHandle {
  zoomIn(): void
  zoomOut(): void
  reset(): void
}

interface ZoomPanProps {
  /** the natural size of what is shown; the stage keeps this aspect, fitted into the viewport */
  contentWidth: number
  contentHeight: number
  /**
   * Renders the viewer's content. `stage(node)` wraps a node in the zoomed and panned box; call it once per
   * layer (a before/after slider calls it twice so both layers move together).
   */
  children: (stage: (content: ReactNode) => ReactNode) => ReactNode
  /** false while another tool (a lasso) owns the pointer; wheel, pinch and keyboard zoom still work */
  panEnabled?: boolean
  maxScale?: number
  label: string
  onScaleChange?: (scale: number) => void
  className?: string
  ref?: Ref<ZoomPanHandle>
}

interface View {
  scale: number
  x: number
  y: number
}

const IDENTITY: View = { scale: 1, x: 0, y: 0 }
const STEP = 1.5

/**
 * A zoom-and-pan viewport: wheel or pinch zooms around the pointer, a drag pans, a double click toggles 1× and
 * 2.5×, and the keyboard works too (+, −, 0, arrows) once the viewer has focus. The content never leaves the
 * viewport: at 1× it is fitted and centred, beyond that its edges stay outside the viewport's.
 */
export function ZoomPan({
  contentWidth,
  contentHeight,
  children,
  panEnabled = true,
  maxScale = 8,
  label,
  onScaleChange,
  className,
  ref,
}: ZoomPanProps) {
  const viewportRef = useRef<HTMLDivElement>(null)
  const [box, setBox] = useState({ width: 0, height: 0 })
  const [view, setView] = useState<View>(IDENTITY)
  const pointers = useRef(new Map<number, { x: number; y: number }>())
  const gesture = useRef<{ distance: number; scale: number } | null>(null)

  useEffect(() => {
    const el = viewportRef.current
    if (!el) return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBox({ width: entry.contentRect.width, height: entry.contentRect.height })
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  // the stage at 1×: the content fitted into the viewport (contain), centred
  const fit =
    contentWidth > 0 && contentHeight > 0 && box.width > 0
      ? Math.min(box.width / contentWidth, box.height / contentHeight)
      : 0
  const stageW = contentWidth * fit
  const stageH = contentHeight * fit
  const left = (box.width - stageW) / 2
  const top = (box.height - stageH) / 2

  const clampView = useCallback(
    (v: View): View => {
      const scale = Math.min(maxScale, Math.max(1, v.scale))
      const axis = (offset: number, size: number, viewport: number, start: number) => {
        const scaled = size * scale
        if (scaled <= viewport) return (viewport - scaled) / 2 - start
        return Math.min(-start, Math.max(viewport - start - scaled, offset))
      }
      return {
        scale,
        x: axis(v.x, stageW, box.width, left),
        y: axis(v.y, stageH, box.height, top),
      }
    },
    [maxScale, stageW, stageH, box.width, box.height, left, top],
  )

  /** zoom to `scale`, keeping the content point under (px, py) (viewport coordinates) where it is */
  const zoomAt = useCallback(
    (scale: number, px: number, py: number) => {
      setView((v) => {
        const next = Math.min(maxScale, Math.max(1, scale))
        const ux = (px - left - v.x) / v.scale
        const uy = (py - top - v.y) / v.scale
        return clampView({ scale: next, x: px - left - ux * next, y: py - top - uy * next })
      })
    },
    [clampView, left, top, maxScale],
  )

  // keep the view valid when the viewport or the content changes size
  useEffect(() => {
    setView((v) => clampView(v))
  }, [clampView])

  useEffect(() => {
    onScaleChange?.(view.scale)
  }, [view.scale, onScaleChange])

  useImperativeHandle(
    ref,
    () => ({
      zoomIn: () => zoomAt(view.scale * STEP, box.width / 2, box.height / 2),
      zoomOut: () => zoomAt(view.scale / STEP, box.width / 2, box.height / 2),
      reset: () => setView(clampView(IDENTITY)),
    }),
    [zoomAt, clampView, view.scale, box.width, box.height],
  )

  // wheel zoom needs a non-passive listener to keep the page from scrolling
  const wheel = useRef((_e: WheelEvent) => {})
  wheel.current = (e: WheelEvent) => {
    const rect = viewportRef.current?.getBoundingClientRect()
    if (!rect) return
    e.preventDefault()
    const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0025))
    zoomAt(view.scale * factor, e.clientX - rect.left, e.clientY - rect.top)
  }
  useEffect(() => {
    const el = viewportRef.current
    if (!el) return
    const onWheel = (e: WheelEvent) => wheel.current(e)
    el.addEventListener('wheel', onWheel, { passive: false })
    return () => el.removeEventListener('wheel', onWheel)
  }, [])

  const local = (e: { clientX: number; clientY: number }) => {
    const rect = viewportRef.current!.getBoundingClientRect()
    return { x: e.clientX - rect.left, y: e.clientY - rect.top }
  }

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return
    pointers.current.set(e.pointerId, local(e))
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }]
      gesture.current = { distance: Math.hypot(a.x - b.x, a.y - b.y), scale: view.scale }
    }
    if (panEnabled || pointers.current.size === 2) e.currentTarget.setPointerCapture?.(e.pointerId)
  }

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const last = pointers.current.get(e.pointerId)
    if (!last) return
    const now = local(e)
    pointers.current.set(e.pointerId, now)
    if (pointers.current.size === 2 && gesture.current) {
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }]
      const distance = Math.hypot(a.x - b.x, a.y - b.y)
      zoomAt((gesture.current.scale * distance) / gesture.current.distance, (a.x + b.x) / 2, (a.y + b.y) / 2)
      return
    }
    if (!panEnabled || view.scale <= 1) return
    setView((v) => clampView({ ...v, x: v.x + now.x - last.x, y: v.y + now.y - last.y }))
  }

  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId)
    if (pointers.current.size < 2) gesture.current = null
  }

  const onDoubleClick = (e: MouseEvent<HTMLDivElement>) => {
    if (!panEnabled) return
    const p = local(e)
    if (view.scale > 1.01) setView(clampView(IDENTITY))
    else zoomAt(2.5, p.x, p.y)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return
    const cx = box.width / 2
    const cy = box.height / 2
    const pan = (dx: number, dy: number) => setView((v) => clampView({ ...v, x: v.x + dx, y: v.y + dy }))
    switch (e.key) {
      case '+':
      case '=':
        zoomAt(view.scale * STEP, cx, cy)
        break
      case '-':
        zoomAt(view.scale / STEP, cx, cy)
        break
      case '0':
        setView(clampView(IDENTITY))
        break
      case 'ArrowLeft':
        pan(60, 0)
        break
      case 'ArrowRight':
        pan(-60, 0)
        break
      case 'ArrowUp':
        pan(0, 60)
        break
      case 'ArrowDown':
        pan(0, -60)
        break
      default:
        return
    }
    e.preventDefault()
  }

  const stageStyle: CSSProperties = {
    position: 'absolute',
    left,
    top,
    width: stageW,
    height: stageH,
    transform: `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.scale})`,
    transformOrigin: '0 0',
  }
  const stage = (content: ReactNode) => (
    <div className="absolute inset-0" dir="ltr">
      <div style={stageStyle} className="will-change-transform">
        {content}
      </div>
    </div>
  )

  return (
    // biome-ignore lint/a11y/useSemanticElements: a zoomable picture has no native element; it is a labelled, focusable group
    <div
      ref={viewportRef}
      role="group"
      aria-label={label}
      aria-roledescription="zoomable image"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the keyboard zooms and pans once the viewer has focus
      tabIndex={0}
      data-testid="zoom-pan"
      data-scale={view.scale.toFixed(2)}
      className={cn(
        'relative h-full w-full touch-none overflow-hidden outline-none select-none',
        panEnabled && view.scale > 1 ? 'cursor-grab active:cursor-grabbing' : '',
        className,
      )}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onDoubleClick={onDoubleClick}
      onKeyDown={onKeyDown}
    >
      {fit > 0 && children(stage)}
    </div>
  )
}
