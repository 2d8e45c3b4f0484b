import type { Polygon } from './geometry'

/**
 * The lasso selection as the mask the inpainting call takes (`maskData`, docs/product.md#render-request): a
 * PNG of the image's natural size, black everywhere, white inside every selected area (white = change).
 * Overlapping areas simply union.
 */
export async function maskPng(polygons: readonly Polygon[], width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(width)
  canvas.height = Math.round(height)
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('canvas unavailable')
  ctx.fillStyle = '#000'
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  ctx.fillStyle = '#fff'
  for (const polygon of polygons) {
    if (polygon.length < 3) continue
    ctx.beginPath()
    ctx.moveTo(polygon[0]![0], polygon[0]![1])
    for (const [x, y] of polygon.slice(1)) ctx.lineTo(x, y)
    ctx.closePath()
    ctx.fill('nonzero')
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('mask encoding failed'))), 'image/png'),
  )
}
