import { useEffect, useRef, useState } from 'react'
import { cn } from './cn'

/** The long side the difference is worked out at: enough to see where, cheap on a phone. */
const WORK_SIDE = 1024
/** A channel must move by more than this (of 255) to count, like the server's changedArea, plus resampling. */
const THRESHOLD = 12
/** The tint drawn where the picture changed (a magenta that reads on walls, skies and wood alike). */
const TINT: [number, number, number, number] = [236, 32, 160, 128]

/**
 * Where two pictures of the same scene differ: RGBA pixels, the tint where any colour channel moved by more
 * than `threshold`, transparent elsewhere. Both inputs have the same size.
 */
export function changeMask(
  before: Uint8ClampedArray,
  after: Uint8ClampedArray,
  threshold = THRESHOLD,
): { pixels: Uint8ClampedArray<ArrayBuffer>; share: number } {
  const pixels = new Uint8ClampedArray(new ArrayBuffer(after.length))
  let changed = 0
  for (let i = 0; i < after.length; i += 4) {
    const moved =
      Math.abs(before[i]! - after[i]!) > threshold ||
      Math.abs(before[i + 1]! - after[i + 1]!) > threshold ||
      Math.abs(before[i + 2]! - after[i + 2]!) > threshold
    if (!moved) continue
    changed++
    pixels.set(TINT, i)
  }
  return { pixels, share: after.length ? changed / (after.length / 4) : 0 }
}

function load(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image()
    img.crossOrigin = 'anonymous'
    img.onload = () => resolve(img)
    img.onerror = () => reject(new Error('image'))
    img.src = url
  })
}

interface ChangesOverlayProps {
  beforeUrl: string
  afterUrl: string
  /** the accessible description of the overlay, e.g. "Changed areas, tinted" */
  label: string
  className?: string
}

/**
 * A tinted layer over a result showing where it differs from its source (docs/product.md#masked-edits), worked
 * out in the browser from the two images on a canvas. It fills its box and letterboxes like the images under
 * it (object-contain), so it lines up in a zoomed or compared view. Draws nothing until both images load.
 */
export function ChangesOverlay({ beforeUrl, afterUrl, label, className }: ChangesOverlayProps) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    setReady(false)
    Promise.all([load(beforeUrl), load(afterUrl)])
      .then(([before, after]) => {
        const el = canvas.current
        if (!live || !el) return
        const k = Math.min(1, WORK_SIDE / Math.max(after.naturalWidth, after.naturalHeight))
        const width = Math.max(1, Math.round(after.naturalWidth * k))
        const height = Math.max(1, Math.round(after.naturalHeight * k))
        const draw = (img: HTMLImageElement) => {
          const c = document.createElement('canvas')
          c.width = width
          c.height = height
          const ctx = c.getContext('2d', { willReadFrequently: true })
          if (!ctx) return null
          ctx.drawImage(img, 0, 0, width, height)
          return ctx.getImageData(0, 0, width, height).data
        }
        const [b, a] = [draw(before), draw(after)]
        const ctx = el.getContext('2d')
        if (!a || !b || !ctx) return
        el.width = width
        el.height = height
        ctx.putImageData(new ImageData(changeMask(b, a).pixels, width, height), 0, 0)
        setReady(true)
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [beforeUrl, afterUrl])
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      data-testid="changes-overlay"
      data-ready={ready || undefined}
      className={cn(
        'pointer-events-none absolute inset-0 size-full object-contain mix-blend-normal transition-opacity',
        ready ? 'opacity-100' : 'opacity-0',
        className,
      )}
    />
  )
}
