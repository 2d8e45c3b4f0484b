import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react'

export interface GridLayout {
  columns: number
  /** width and height of one square tile, in CSS pixels */
  tile: number
  gap: number
  rows: number
  totalHeight: number
}

/** Columns and tile size for a container width: as many tiles of at least `minTile` as fit, at least two. */
export function gridLayout(width: number, count: number, minTile: number, gap: number): GridLayout {
  const columns = Math.max(2, Math.floor((width + gap) / (minTile + gap)))
  const tile = width > 0 ? (width - gap * (columns - 1)) / columns : 0
  const rows = Math.ceil(count / columns)
  return { columns, tile, gap, rows, totalHeight: rows > 0 ? rows * tile + (rows - 1) * gap : 0 }
}

/**
 * The rows to render for a viewport: those intersecting [top, bottom] of the grid's own coordinates, plus
 * `overscan` rows each side.
 */
export function visibleRows(
  layout: Pick<GridLayout, 'tile' | 'gap' | 'rows'>,
  top: number,
  bottom: number,
  overscan: number,
): { start: number; end: number } {
  const pitch = layout.tile + layout.gap
  if (layout.tile <= 0 || layout.rows === 0) return { start: 0, end: 0 }
  const start = Math.max(0, Math.floor(top / pitch) - overscan)
  const end = Math.min(layout.rows, Math.max(start, Math.ceil(bottom / pitch) + overscan))
  return { start, end }
}

interface Options {
  count: number
  gap?: number
  /** the smallest tile for the container's width */
  minTile?: (width: number) => number
  overscan?: number
}

/**
 * A small windowing hook for a grid that scrolls with the page: it measures the grid's width (ResizeObserver)
 * and where it sits in the window, and returns the layout plus the rows in view. Scroll handling is passive and
 * batched to one measure per animation frame; React re-renders only when the set of rows changes, so a long
 * scroll through a thousand tiles does a few dozen small renders instead of one per scroll event.
 */
export function useGridWindow(ref: RefObject<HTMLElement | null>, options: Options) {
  const { count, gap = 12, overscan = 2 } = options
  const minTile = options.minTile ?? ((w: number) => (w < 640 ? 140 : 200))
  const [width, setWidth] = useState(0)
  const [range, setRange] = useState({ start: 0, end: 0 })
  const layout = gridLayout(width, count, minTile(width), gap)
  const layoutRef = useRef(layout)
  layoutRef.current = layout

  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    setWidth(el.getBoundingClientRect().width)
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width)
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref])

  // where the grid starts in the document: read on layout changes, so a scroll reads only window.scrollY (no
  // forced layout in the scroll handler)
  const offset = useRef(0)
  const measure = useRef((_fresh: boolean) => {})
  measure.current = (fresh: boolean) => {
    const el = ref.current
    if (!el) return
    if (fresh) offset.current = el.getBoundingClientRect().top + window.scrollY
    const top = window.scrollY - offset.current
    const next = visibleRows(layoutRef.current, top, top + window.innerHeight, overscan)
    // A plain update, not a transition: a transition is held back while anything it re-renders waits for data
    // (the first rows then never showed after the merges of the results work, with the list loaded).
    setRange((r) => (r.start === next.start && r.end === next.end ? r : next))
  }

  // Layout is read only at the start of an animation frame, when it is clean: a read right after React has
  // changed the DOM would force the browser to lay the page out twice in a frame.
  const frame = useRef(0)
  const fresh = useRef(true)
  const schedule = useRef((_remeasureOffset: boolean) => {})
  schedule.current = (remeasureOffset: boolean) => {
    if (remeasureOffset) fresh.current = true
    if (frame.current) return
    frame.current = requestAnimationFrame(() => {
      frame.current = 0
      measure.current(fresh.current)
      fresh.current = false
    })
  }

  useEffect(() => {
    const onScroll = () => schedule.current(false)
    const onResize = () => schedule.current(true)
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onResize, { passive: true })
    // measure once the listeners are in place, also after React re-attaches this effect (a Suspense boundary
    // hiding and showing the grid again runs the clean-up below, then this)
    schedule.current(true)
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onResize)
      cancelAnimationFrame(frame.current)
      // a cancelled frame must not stay "scheduled": every later schedule would wait on it for ever, and the
      // grid would keep its tiles unrendered (the rows in view never measured)
      frame.current = 0
    }
  }, [])

  // the grid may have moved (the toolbar above changed) or changed size (a page arrived, the width changed)
  useLayoutEffect(() => {
    schedule.current(true)
  })

  return { layout, range }
}
