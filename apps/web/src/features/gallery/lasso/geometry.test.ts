import { describe, expect, it } from 'vitest'
import { extend, isSelection, pathData, polygonArea, toImagePoint } from './geometry'

describe('lasso geometry', () => {
  it('maps a screen point to image pixels through the zoomed box, clamped to the image', () => {
    // a 2000×1000 image shown 500×250 at (100, 50) on screen, e.g. zoomed out
    const rect = { left: 100, top: 50, width: 500, height: 250 }
    const natural = { width: 2000, height: 1000 }
    expect(toImagePoint(350, 175, rect, natural)).toEqual([1000, 500])
    expect(toImagePoint(100, 50, rect, natural)).toEqual([0, 0])
    expect(toImagePoint(0, 400, rect, natural)).toEqual([0, 1000])
    // zoomed in 4×: the box is larger than the screen and starts off it
    const zoomed = { left: -900, top: -450, width: 2000, height: 1000 }
    expect(toImagePoint(100, 50, zoomed, natural)).toEqual([1000, 500])
  })

  it('measures areas either way round', () => {
    const square: [number, number][] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ]
    expect(polygonArea(square)).toBe(100)
    expect(polygonArea([...square].reverse())).toBe(100)
  })

  it('ignores a still hand and keeps moving points', () => {
    let stroke = extend([], [0, 0], 2)
    stroke = extend(stroke, [1, 1], 2)
    stroke = extend(stroke, [3, 0], 2)
    expect(stroke).toEqual([
      [0, 0],
      [3, 0],
    ])
  })

  it('counts only strokes that enclose an area as a selection', () => {
    const natural = { width: 1000, height: 1000 }
    expect(
      isSelection(
        [
          [0, 0],
          [5, 0],
        ],
        natural,
      ),
    ).toBe(false)
    expect(
      isSelection(
        [
          [0, 0],
          [500, 0],
          [1000, 0],
        ],
        natural,
      ),
    ).toBe(false)
    expect(
      isSelection(
        [
          [100, 100],
          [300, 100],
          [200, 300],
        ],
        natural,
      ),
    ).toBe(true)
  })

  it('draws closed paths', () => {
    expect(
      pathData([
        [
          [0, 0],
          [10, 0],
          [10, 10],
        ],
      ]),
    ).toBe('M0.0,0.0L10.0,0.0L10.0,10.0Z')
  })
})
