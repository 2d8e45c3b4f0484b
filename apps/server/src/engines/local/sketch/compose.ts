import sharp from 'sharp'
import type { RawImage } from '../image-io.ts'
import { paperGrain, smoothNoise, streakNoise } from '../noise.ts'
import { matFromGrey, withCv } from '../opencv.ts'
import type { FillLayer } from './fill.ts'
import type { LineArt } from './lines.ts'
import type { LookSpec } from './looks.ts'

/**
 * Paints the picture at full size: paper, the colour layer scaled up (its edges hide under the lines), the
 * medium's texture, then the lines on top. Everything here is per pixel over typed arrays: one pass, no allocation
 * per pixel.
 */
export async function compose(
  fill: FillLayer,
  art: LineArt,
  spec: LookSpec,
  seed: number,
): Promise<RawImage> {
  const { width, height } = art
  const [colour, texture, grain, ink] = await Promise.all([
    sharp(Buffer.from(fill.rgba), { raw: { width: fill.width, height: fill.height, channels: 4 } })
      .resize(width, height, { fit: 'fill', kernel: 'cubic' })
      .raw()
      .toBuffer(),
    mediumTexture(spec, width, height, seed),
    spec.grain > 0 ? paperGrain(width, height, seed) : Promise.resolve(null),
    weightedLines(art, spec.lineWeight),
  ])
  const out = Buffer.allocUnsafe(width * height * 3)
  const [pr, pg, pb] = spec.paper
  const [lr, lg, lb] = spec.lineColour
  const grainAmp = Math.min(0.5, spec.grain) * 0.14
  const lineOpacity = spec.lineOpacity * Math.min(1, spec.lineWeight)
  const multiply = spec.blend === 'multiply'
  const tex = spec.textureAmount
  const hatch = spec.texture === 'hatch'
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      const o = i * 4
      let a = colour[o + 3]! / 255
      let r = colour[o]!
      let g = colour[o + 1]!
      let b = colour[o + 2]!
      if (texture) {
        const t = (texture[i]! - 128) / 128
        if (hatch) {
          // coloured pencil: strokes along the diagonal, denser where the tone is darker
          const dark = 1 - (0.3 * r + 0.59 * g + 0.11 * b) / 255
          const phase = (((x + y) % 9) + 9) % 9
          const cross = dark > 0.45 && (((x - y) % 9) + 9) % 9 < 2
          const stroke = phase < 3 + dark * 4 || cross ? 1 : 0.25
          a *= Math.max(0, Math.min(1, stroke * (0.75 + 0.35 * t)))
        } else if (spec.texture === 'wash' || spec.texture === 'granulation') {
          // pigment density varies: more paper shows through in places, never a muddier colour
          a *= 1 + tex * t
        } else {
          const k = 1 + tex * t
          r *= k
          g *= k
          b *= k
        }
      }
      let paperK = 1
      if (grain) paperK += grainAmp * ((grain[i]! - 128) / 128)
      if (spec.grid) paperK += gridLine(x, y)
      let cr: number
      let cg: number
      let cb: number
      if (multiply) {
        cr = pr * paperK * (1 - a + (a * r) / 255)
        cg = pg * paperK * (1 - a + (a * g) / 255)
        cb = pb * paperK * (1 - a + (a * b) / 255)
      } else {
        cr = pr * paperK * (1 - a) + r * a * (grain ? paperK : 1)
        cg = pg * paperK * (1 - a) + g * a * (grain ? paperK : 1)
        cb = pb * paperK * (1 - a) + b * a * (grain ? paperK : 1)
      }
      const l = (ink[i]! / 255) * lineOpacity
      if (l > 0) {
        cr += (lr - cr) * l
        cg += (lg - cg) * l
        cb += (lb - cb) * l
      }
      const p = i * 3
      out[p] = cr <= 0 ? 0 : cr >= 255 ? 255 : cr + 0.5
      out[p + 1] = cg <= 0 ? 0 : cg >= 255 ? 255 : cg + 0.5
      out[p + 2] = cb <= 0 ? 0 : cb >= 255 ? 255 : cb + 0.5
    }
  }
  return { data: out, width, height, channels: 3 }
}

/** A blueprint's printed grid: fine lines every 32 px, stronger every 160 px. */
function gridLine(x: number, y: number): number {
  if (x % 160 === 0 || y % 160 === 0) return 0.22
  if (x % 32 === 0 || y % 32 === 0) return 0.1
  return 0
}

function mediumTexture(
  spec: LookSpec,
  width: number,
  height: number,
  seed: number,
): Promise<Uint8Array | null> {
  switch (spec.texture) {
    case 'streak':
      return streakNoise(width, height, 28, seed)
    case 'granulation':
      return granulation(width, height, seed)
    case 'wash':
      return smoothNoise(width, height, 48, seed + 3)
    case 'hatch':
      return smoothNoise(width, height, 3, seed + 7)
    default:
      return Promise.resolve(null)
  }
}

/** Watercolour: pigment settling in the paper's tooth (fine) and blooms where the wash dried unevenly (broad). */
function granulation(width: number, height: number, seed: number): Promise<Uint8Array> {
  return Promise.all([
    smoothNoise(width, height, 3, seed + 5),
    smoothNoise(width, height, 70, seed + 6),
  ]).then(([fine, broad]) => {
    const out = new Uint8Array(width * height)
    for (let i = 0; i < out.length; i++) out[i] = (fine[i]! * 0.35 + broad[i]! * 0.65) | 0
    return out
  })
}

/** Heavier styles thicken the drawing's own lines by whole pixels; lighter ones only fade them. */
async function weightedLines(art: LineArt, weight: number): Promise<Uint8Array> {
  const grow = Math.round(weight - 1)
  if (grow <= 0) return art.ink
  return withCv((cv, track) => {
    const src = track(matFromGrey(cv, art.ink, art.width, art.height))
    const kernel = track(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(grow * 2 + 1, grow * 2 + 1)))
    cv.dilate(src, src, kernel)
    return new Uint8Array(src.data)
  })
}
