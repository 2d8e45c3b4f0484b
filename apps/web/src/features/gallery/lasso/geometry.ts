/** A point in the image's own pixels (natural size), whatever the zoom or the screen. */
export type Point = readonly [x: number, y: number]
export type Polygon = readonly Point[]

/**
 * A screen point to image pixels, given where the image's box is on screen (its bounding rectangle, which
 * already includes any zoom and pan) and its natural size. Clamped to the image.
 */
export function toImagePoint(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
  natural: { width: number; height: number },
): Point {
  const x = ((clientX - rect.left) / rect.width) * natural.width
  const y = ((clientY - rect.top) / rect.height) * natural.height
  return [Math.min(natural.width, Math.max(0, x)), Math.min(natural.height, Math.max(0, y))]
}

/** Area of a closed polygon (shoelace), always positive. */
export function polygonArea(polygon: Polygon): number {
  let sum = 0
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1] = polygon[i]!
    const [x2, y2] = polygon[(i + 1) % polygon.length]!
    sum += x1 * y2 - x2 * y1
  }
  return Math.abs(sum) / 2
}

/** Add a point to a stroke unless it is within `minDistance` of the last one (a still hand adds nothing). */
export function extend(stroke: Point[], point: Point, minDistance: number): Point[] {
  const last = stroke[stroke.length - 1]
  if (last && Math.hypot(point[0] - last[0], point[1] - last[1]) < minDistance) return stroke
  return [...stroke, point]
}

/**
 * A finished stroke becomes a selection when it encloses something: at least three points and an area of at
 * least `minFraction` of the image (a click or a scribble along a line selects nothing).
 */
export function isSelection(
  polygon: Polygon,
  natural: { width: number; height: number },
  minFraction = 0.0002,
) {
  return polygon.length >= 3 && polygonArea(polygon) >= natural.width * natural.height * minFraction
}

/** SVG path data of closed polygons. */
export function pathData(polygons: readonly Polygon[]): string {
  return polygons
    .filter((p) => p.length > 1)
    .map((p) => `M${p.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join('L')}Z`)
    .join('')
}
