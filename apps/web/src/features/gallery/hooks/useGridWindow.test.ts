import { describe, expect, it } from 'vitest'
import { gridLayout, visibleRows } from './useGridWindow'

describe('gallery grid windowing', () => {
  it('fits as many tiles of the minimum size as the width allows, at least two', () => {
    expect(gridLayout(1100, 1000, 200, 12)).toMatchObject({ columns: 5, rows: 200 })
    expect(gridLayout(1100, 1000, 200, 12).tile).toBeCloseTo((1100 - 4 * 12) / 5)
    expect(gridLayout(358, 3, 140, 12)).toMatchObject({ columns: 2, rows: 2 })
    expect(gridLayout(200, 3, 140, 12).columns).toBe(2)
    expect(gridLayout(800, 0, 200, 12)).toMatchObject({ rows: 0, totalHeight: 0 })
  })

  it('is exactly as tall as its rows and gaps, so the scrollbar is right before anything renders', () => {
    const l = gridLayout(1100, 1000, 200, 12)
    expect(l.totalHeight).toBeCloseTo(200 * l.tile + 199 * 12)
  })

  it('renders the rows in view plus the overscan, clamped to the list', () => {
    const l = { tile: 200, gap: 12, rows: 100 }
    // the viewport shows 0..900: rows 0 to 4 (212 px each), plus 2 after
    expect(visibleRows(l, 0, 900, 2)).toEqual({ start: 0, end: 7 })
    // scrolled to 5,000: rows 23..27 in view, two either side
    expect(visibleRows(l, 5000, 5900, 2)).toEqual({ start: 21, end: 30 })
    expect(visibleRows(l, 21_000, 21_900, 2)).toEqual({ start: 97, end: 100 })
    // above the grid (the toolbar on screen): the first rows
    expect(visibleRows(l, -300, 600, 2)).toEqual({ start: 0, end: 5 })
    expect(visibleRows({ tile: 0, gap: 12, rows: 10 }, 0, 900, 2)).toEqual({ start: 0, end: 0 })
  })
})
