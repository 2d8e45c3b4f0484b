import type { FidelityMethod } from '@parti/contract'
import sharp from 'sharp'
import { type ColourFidelity, colourFidelity } from './colours.ts'
import { greyLines, LINE_TOLERANCE_PX, lineOverlap, lumaOf, pictureLines, workSize } from './lines.ts'

export interface FidelityInput {
  /** the picture the user gave (encoded) */
  input: Buffer
  /** the result as stored (encoded) */
  output: Buffer
  /** both are read for their edges; a photo also for its structure when a detector is given */
  subject: 'drawing' | 'photo'
  /** palette and own colours that were asked, #rrggbb */
  colours: string[]
}

/** A room-structure check: the share of the input's straight segments found again in the output. */
export interface StructureCheck {
  /** null when the detector cannot run here (no model): the line F-score is used instead */
  score(input: Buffer, output: Buffer): Promise<number | null>
}

export interface Fidelity {
  score: number
  method: FidelityMethod
  tolerancePx: number
  precision: number
  recall: number
  colours: ColourFidelity[]
  /** PNG at working size: green input lines kept, red input lines lost and output lines added */
  overlay: Buffer
}

/**
 * The fidelity report of one result (docs/product.md#fidelity): the line-overlap F-score of input and output at
 * a common working size, the structure check for photos when a detector is given, and the colour ΔE00 of
 * whatever colours were asked.
 */
export async function measureFidelity(req: FidelityInput, structure?: StructureCheck): Promise<Fidelity> {
  const meta = await sharp(req.input).rotate().metadata()
  const { width, height } = workSize(
    meta.autoOrient?.width ?? meta.width ?? 512,
    meta.autoOrient?.height ?? meta.height ?? 512,
  )
  // the output is decoded once, at working size: its lines and its colours come from the same pixels
  const rgb = await sharp(req.output)
    .rotate()
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer()
  const grey = lumaOf(rgb, width * height)
  const [inLines, outLines, colours] = await Promise.all([
    pictureLines(req.input, width, height),
    greyLines(grey, width, height),
    colourFidelity({ data: rgb, width, height }, req.colours),
  ])
  const overlap = await lineOverlap(inLines, outLines, LINE_TOLERANCE_PX)
  let method: FidelityMethod = 'lines'
  let score = overlap.score
  if (req.subject === 'photo' && structure) {
    const s = await structure.score(req.input, req.output).catch(() => null)
    if (s === null) method = 'lines-fallback'
    else {
      method = 'structure'
      score = s
    }
  }
  return {
    score: round(score),
    method,
    tolerancePx: LINE_TOLERANCE_PX,
    precision: round(overlap.precision),
    recall: round(overlap.recall),
    colours,
    overlay: await overlayPng(overlap.verdict, width, height),
  }
}

const round = (v: number) => Math.round(v * 1000) / 1000

/** Green where an input line was kept, red where one was lost or a line was added; transparent elsewhere. */
async function overlayPng(verdict: Uint8Array, width: number, height: number): Promise<Buffer> {
  const rgba = Buffer.alloc(width * height * 4)
  for (let i = 0; i < verdict.length; i++) {
    const v = verdict[i]
    if (!v) continue
    const o = i * 4
    if (v === 1) {
      rgba[o] = 22
      rgba[o + 1] = 200
      rgba[o + 2] = 80
    } else {
      rgba[o] = 235
      rgba[o + 1] = 40
      rgba[o + 2] = 40
    }
    rgba[o + 3] = 255
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer()
}
