import type { Span } from './clauses.ts'
import * as words from './lexicon.ts'
import type { Normalised } from './normalise.ts'
import type { Amount } from './numbers.ts'
import type { EditOp } from './ops.ts'
import type { RefusalReason } from './plan.ts'

/** The word lists of lexicon.ts, compiled once. */
export const RE = {
  brighter: words.compile(words.BRIGHTER),
  darker: words.compile(words.DARKER),
  contrastUp: words.compile(words.CONTRAST_UP),
  contrastDown: words.compile(words.CONTRAST_DOWN),
  warmer: words.compile(words.WARMER),
  cooler: words.compile(words.COOLER),
  saturationUp: words.compile(words.SATURATION_UP),
  saturationDown: words.compile(words.SATURATION_DOWN),
  blackAndWhite: words.compile(words.BLACK_AND_WHITE),
  sepia: words.compile(words.SEPIA),
  sharpen: words.compile(words.SHARPEN),
  blurBackground: words.compile(words.BLUR_BACKGROUND),
  crop: words.compile(words.CROP),
  square: words.compile(words.SQUARE),
  rotate: words.compile(words.ROTATE),
  counter: words.compile(words.ROTATE_COUNTER),
  clockwise: words.compile(words.ROTATE_CLOCKWISE),
  half: words.compile(words.ROTATE_HALF),
  flip: words.compile(words.FLIP),
  vertical: words.compile(words.VERTICAL),
  remove: words.compile(words.REMOVE),
  palette: words.compile(words.PALETTE),
  addObjects: words.compile(words.ADD_OBJECTS),
  straighten: words.compile(words.STRAIGHTEN),
  restyle: words.compile(words.RESTYLE),
  aBit: words.compile(words.A_BIT),
  aLot: words.compile(words.A_LOT),
  notOnly: words.compile(words.NOT_ONLY),
  moderate: words.compile(words.MODERATE),
  enough: words.compile(words.ENOUGH),
  negate: words.compile(words.NEGATE),
  negateAfter: words.compile(words.NEGATE_AFTER),
  keep: words.compile(words.KEEP),
  leave: words.compile(words.LEAVE),
  asIs: words.compile(words.AS_IS),
  asIsAfterVerb: words.compile(words.AS_IS_AFTER_VERB),
  only: words.compile(words.ONLY),
  left: words.compile(words.SIDE_LEFT),
  right: words.compile(words.SIDE_RIGHT),
  top: words.compile(words.SIDE_TOP),
  bottom: words.compile(words.SIDE_BOTTOM),
  shadows: words.compile(words.SHADOWS),
  highlights: words.compile(words.HIGHLIGHTS),
  like: words.compile(words.LIKE),
  purpose: words.compile(words.PURPOSE),
  brightBase: words.compile(words.BRIGHT_BASE),
  darkBase: words.compile(words.DARK_BASE),
  warmBase: words.compile(words.WARM_BASE),
  sharpBase: words.compile(words.SHARP_BASE),
  vividBase: words.compile(words.VIVID_BASE),
}
export type Words = keyof typeof RE

/** "16:9", "4x3", "3/2", "16 by 9": a ratio of two small whole numbers. */
const RATIO = /(?<!\d)(\d{1,2})\s*(?::|x|\/|by|por|par|op|علي)\s*(\d{1,2})(?!\d)/gu

/** A word of the request that names an edit, or a part the local engine will not do and why. */
export interface Hit extends Span {
  op: EditOp | null
  reason?: RefusalReason
}

export const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end
export const inside = (outer: Span) => (s: Span) => s.start >= outer.start && s.end <= outer.end

export function matches(re: RegExp, text: string): Span[] {
  re.lastIndex = 0
  return [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length }))
}

/** Every edit word and refusal word of the whole request; the longest reading wins where readings overlap. */
export function findHits(text: string): Hit[] {
  const found: Hit[] = []
  const add = (re: RegExp, op: EditOp | null, reason?: RefusalReason) => {
    for (const m of matches(re, text))
      found.push({ ...m, op: op && { ...op }, ...(reason ? { reason } : {}) })
  }
  add(RE.brighter, { kind: 'brightness', amount: 1 })
  add(RE.darker, { kind: 'brightness', amount: -1 })
  add(RE.contrastDown, { kind: 'contrast', amount: -1 })
  add(RE.contrastUp, { kind: 'contrast', amount: 1 })
  add(RE.warmer, { kind: 'warmth', amount: 1 })
  add(RE.cooler, { kind: 'warmth', amount: -1 })
  add(RE.saturationDown, { kind: 'saturation', amount: -1 })
  add(RE.saturationUp, { kind: 'saturation', amount: 1 })
  add(RE.blackAndWhite, { kind: 'black-and-white' })
  add(RE.sepia, { kind: 'sepia' })
  add(RE.sharpen, { kind: 'sharpen', amount: 1 })
  add(RE.blurBackground, { kind: 'blur-background', amount: 1 })
  add(RE.remove, { kind: 'remove-selection' })
  add(RE.palette, { kind: 'recolour-palette' })
  add(RE.rotate, { kind: 'rotate', degrees: 90 })
  add(RE.flip, { kind: 'flip', axis: 'horizontal' })
  add(RE.crop, { kind: 'crop', ratio: [0, 0] })
  add(RE.square, { kind: 'crop', ratio: [1, 1] })
  RATIO.lastIndex = 0
  for (const m of text.matchAll(RATIO)) {
    const a = Number(m[1])
    const b = Number(m[2])
    if (a < 1 || b < 1 || a / b > 5 || b / a > 5) continue
    found.push({ start: m.index, end: m.index + m[0].length, op: { kind: 'crop', ratio: [a, b] } })
  }
  add(RE.addObjects, null, 'add-objects')
  // done by the straighten kind's engine (docs/decisions/0101-straighten-verticals.md)
  add(RE.straighten, { kind: 'straighten' })
  add(RE.restyle, null, 'restyle')
  // "less contrast" over "contrast", "add more contrast" over "add"
  found.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start))
  const kept: Hit[] = []
  for (const f of found) {
    const clash = kept.find((k) => overlaps(f, k))
    if (!clash) kept.push(f)
    else if (f.end - f.start > clash.end - clash.start) kept.splice(kept.indexOf(clash), 1, f)
  }
  return kept.sort((a, b) => a.start - b.start)
}

/** The request, its hits and every modifier word, shared by the readings of its clauses. */
export interface Context {
  raw: string
  norm: Normalised
  text: string
  hits: Hit[]
  found: Record<Words, Span[]>
  amounts: Amount[]
}

export function quote(ctx: Context, span: Span): string {
  if (span.end <= span.start) return ''
  return ctx.raw.slice(ctx.norm.from[span.start], ctx.norm.to[span.end - 1]).trim()
}
