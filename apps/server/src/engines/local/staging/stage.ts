import type { StagingStyle } from '@parti/contract'
import sharp from 'sharp'
import { luminance, type Rgb } from '../color.ts'
import type { RawImage } from '../image-io.ts'
import {
  applyLuts,
  brightnessCurve,
  chain,
  contrastCurve,
  type Luts,
  lut,
  saturateImage,
  splitTone,
  warmthCurves,
} from '../tone.ts'
import { GRADES } from './grades.ts'
import type { WallMask } from './walls.ts'

/** The staging style's look: one pass of curves, then saturation, split toning and vignette. */
export function applyGrade(img: RawImage, style: StagingStyle): void {
  const g = GRADES[style]
  const fade = g.fade / 255
  const lift: Luts = [0, 1, 2].map(() => lut((x) => fade + x * (1 - fade))) as Luts
  applyLuts(
    img,
    chain(
      chain(chain(brightnessCurve(g.brightness), contrastCurve(g.contrast)), warmthCurves(g.warmth)),
      lift,
    ),
  )
  // vibrance rather than saturation, and toning that spares colourful things: the grade sets a mood on walls,
  // floor and light, not new colours on the furniture
  saturateImage(img, g.saturation, true)
  splitTone(img, g.shadows, g.highlights, g.splitStrength, 0.9)
  if (g.vignette > 0) vignette(img, g.vignette)
}

function vignette(img: RawImage, strength: number): void {
  const { width, height } = img
  const d = img.data
  const row = new Float32Array(width)
  for (let x = 0; x < width; x++) row[x] = ((x - width / 2) / (width / 2)) ** 2
  for (let y = 0; y < height; y++) {
    const vy = ((y - height / 2) / (height / 2)) ** 2
    for (let x = 0; x < width; x++) {
      const k = 1 - strength * Math.max(0, (row[x]! + vy) / 2 - 0.15)
      const i = (y * width + x) * 3
      d[i] = d[i]! * k
      d[i + 1] = d[i + 1]! * k
      d[i + 2] = d[i + 2]! * k
    }
  }
}

/** The palette colour fit for walls: light enough to paint a room with, the most colourful of those. */
export function wallColour(palette: Rgb[]): Rgb {
  const paintable = palette.filter((c) => luminance(c) > 0.5 && luminance(c) < 0.95)
  const pool =
    paintable.length > 0 ? paintable : [...palette].sort((a, b) => luminance(b) - luminance(a)).slice(0, 1)
  const chroma = (c: Rgb) => Math.max(...c) - Math.min(...c)
  return pool.reduce((best, c) => (chroma(c) > chroma(best) ? c : best))
}

/**
 * Paints the walls: each wall pixel becomes the new colour scaled by its own brightness relative to the wall's
 * typical brightness, so the light falling across the room (and shadows, and switches) stay where they were.
 */
export function paintWalls(img: RawImage, walls: WallMask, colour: Rgb, strength: number): void {
  const d = img.data
  const ref = Math.max(30, walls.reference)
  for (let p = 0, i = 0; p < walls.alpha.length; p++, i += 3) {
    const a = (walls.alpha[p]! / 255) * strength
    if (a === 0) continue
    const y = 0.2126 * d[i]! + 0.7152 * d[i + 1]! + 0.0722 * d[i + 2]!
    const k = y / ref
    for (let c = 0; c < 3; c++) {
      const v = d[i + c]! * (1 - a) + colour[c]! * k * a
      d[i + c] = Math.min(v, 255)
    }
  }
}

/**
 * A warm light pass: lifts the shadows as if lamps were on, warms the mid-tones, and lets bright sources
 * (windows, lamps) bloom softly into the room. A source is what is brighter than nearly all of the picture
 * (its brightest 4 %, and at least 200 of 255): freshly painted white walls are bright too, and must not all
 * glow, which blew the room out.
 */
export async function warmLight(img: RawImage): Promise<void> {
  const lift = lut((x) => x + 0.22 * x * (1 - x) * (1 - x) * 2.5)
  applyLuts(img, chain([lift, Uint8Array.from(lift), Uint8Array.from(lift)], warmthCurves(0.35)))
  const { width, height } = img
  const bright = Buffer.alloc(width * height)
  const d = img.data
  const histogram = new Uint32Array(256)
  for (let i = 0; i < d.length; i += 3)
    histogram[Math.min(255, Math.round(0.2126 * d[i]! + 0.7152 * d[i + 1]! + 0.0722 * d[i + 2]!))]!++
  let from = 255
  for (let seen = 0; from > 0 && seen < bright.length * 0.04; from--) seen += histogram[from]!
  const threshold = Math.min(250, Math.max(200, from))
  const gain = 253 / (255 - threshold)
  for (let p = 0, i = 0; p < bright.length; p++, i += 3) {
    const y = 0.2126 * d[i]! + 0.7152 * d[i + 1]! + 0.0722 * d[i + 2]!
    bright[p] = y > threshold ? Math.min(255, (y - threshold) * gain) : 0
  }
  const glow = await sharp(bright, { raw: { width, height, channels: 1 } })
    .blur(Math.max(4, Math.max(width, height) / 40))
    .toColourspace('b-w')
    .raw()
    .toBuffer()
  for (let p = 0, i = 0; p < glow.length; p++, i += 3) {
    const g = glow[p]! / 255
    if (g === 0) continue
    d[i] = Math.min(255, d[i]! + 70 * g)
    d[i + 1] = Math.min(255, d[i + 1]! + 50 * g)
    d[i + 2] = Math.min(255, d[i + 2]! + 22 * g)
  }
}
