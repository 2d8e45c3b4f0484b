import { EngineError } from '../../types.ts'
import * as words from './lexicon.ts'
import { normaliseRequest } from './normalise.ts'
import { type EditOp, operationId, UNSUPPORTED_MESSAGE } from './ops.ts'

export interface EditPlan {
  ops: EditOp[]
  /** parts of the request the local engine understood but cannot do (e.g. 'add-objects') */
  skipped: string[]
}

interface Found {
  start: number
  end: number
  op: EditOp | null
  skipped?: string
}

const RE = {
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
  half: words.compile(words.ROTATE_HALF),
  flip: words.compile(words.FLIP),
  vertical: words.compile(words.VERTICAL),
  remove: words.compile(words.REMOVE),
  palette: words.compile(words.PALETTE),
  addObjects: words.compile(words.ADD_OBJECTS),
  aBit: words.compile(words.A_BIT),
  aLot: words.compile(words.A_LOT),
}

/** "16:9", "4x3", "3/2", "16 by 9": a ratio of two small whole numbers. */
const RATIO = /(?<!\d)(\d{1,2})\s*(?::|x|\/|by|por|par|op|على)\s*(\d{1,2})(?!\d)/gu

/** A clause ends at punctuation or a joining word, so a modifier or direction never crosses into the next edit. */
const CLAUSE_END =
  /[.,;!?،؛]| and | y | et | e | und | en | then | luego | puis | depois | dann | daarna | و/u

function matches(re: RegExp, text: string): Array<{ start: number; end: number }> {
  re.lastIndex = 0
  return [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length }))
}

function clauseAfter(text: string, end: number, length = 40): string {
  const rest = text.slice(end, end + length)
  const stop = rest.search(CLAUSE_END)
  return stop >= 0 ? rest.slice(0, stop) : rest
}

function clauseBefore(text: string, start: number, length = 30): string {
  const before = text.slice(Math.max(0, start - length), start)
  let cut = 0
  for (const m of before.matchAll(new RegExp(CLAUSE_END.source, 'gu'))) cut = m.index + m[0].length
  return before.slice(cut)
}

function has(re: RegExp, text: string): boolean {
  re.lastIndex = 0
  return re.test(text)
}

/** "a bit warmer" → 0.5, "much warmer" → 1.6, "warmer" → 1. */
function strength(text: string, start: number, end: number): number {
  const around = `${clauseBefore(text, start)} ${clauseAfter(text, end, 20)}`
  if (has(RE.aBit, around)) return 0.5
  if (has(RE.aLot, around)) return 1.6
  return 1
}

/**
 * Reads a plain-language edit request in any of the seven languages and returns the edits, in the order asked.
 * Pure: no image, no I/O. Unknown requests throw EngineError('unsupported_request') with the apology of
 * docs/product.md#errors-chat and one sentence on what the local engine can do.
 */
export function interpretEditRequest(request: string): EditPlan {
  const text = normaliseRequest(request)
  const found: Found[] = []
  const simple = (re: RegExp, make: (s: number, e: number) => EditOp) => {
    for (const m of matches(re, text)) found.push({ ...m, op: make(m.start, m.end) })
  }
  simple(RE.brighter, (s, e) => ({ kind: 'brightness', amount: strength(text, s, e) }))
  simple(RE.darker, (s, e) => ({ kind: 'brightness', amount: -strength(text, s, e) }))
  simple(RE.contrastDown, (s, e) => ({ kind: 'contrast', amount: -strength(text, s, e) }))
  simple(RE.contrastUp, (s, e) => ({ kind: 'contrast', amount: strength(text, s, e) }))
  simple(RE.warmer, (s, e) => ({ kind: 'warmth', amount: strength(text, s, e) }))
  simple(RE.cooler, (s, e) => ({ kind: 'warmth', amount: -strength(text, s, e) }))
  simple(RE.saturationDown, (s, e) => ({ kind: 'saturation', amount: -strength(text, s, e) }))
  simple(RE.saturationUp, (s, e) => ({ kind: 'saturation', amount: strength(text, s, e) }))
  simple(RE.blackAndWhite, () => ({ kind: 'black-and-white' }))
  simple(RE.sepia, () => ({ kind: 'sepia' }))
  simple(RE.sharpen, (s, e) => ({ kind: 'sharpen', amount: strength(text, s, e) }))
  simple(RE.blurBackground, (s, e) => ({ kind: 'blur-background', amount: strength(text, s, e) }))
  simple(RE.remove, () => ({ kind: 'remove-selection' }))
  simple(RE.palette, () => ({ kind: 'recolour-palette' }))
  for (const m of matches(RE.addObjects, text)) found.push({ ...m, op: null, skipped: 'add-objects' })
  findRotations(text, found)
  findFlips(text, found)
  findCrops(text, found)

  // the longest reading wins where readings overlap ("less contrast" over "contrast", "عكس عقارب الساعه" over "عكس")
  found.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start))
  const kept: Found[] = []
  for (const f of found) {
    const clash = kept.find((k) => f.start < k.end && k.start < f.end)
    if (!clash) kept.push(f)
    else if (f.end - f.start > clash.end - clash.start) kept.splice(kept.indexOf(clash), 1, f)
  }
  kept.sort((a, b) => a.start - b.start)
  const ops: EditOp[] = []
  const seen = new Set<string>()
  const skipped = new Set<string>()
  for (const k of kept) {
    if (k.skipped) skipped.add(k.skipped)
    if (!k.op) continue
    const id = operationId(k.op)
    if (seen.has(id)) continue
    seen.add(id)
    ops.push(k.op)
  }
  if (ops.length === 0)
    throw new EngineError('unsupported_request', UNSUPPORTED_MESSAGE, {
      detail: `not understood: ${request}`,
    })
  return { ops, skipped: [...skipped] }
}

function findRotations(text: string, found: Found[]): void {
  for (const m of matches(RE.rotate, text)) {
    const after = clauseAfter(text, m.end)
    // German and Dutch often name the direction first: "nach links drehen", "naar links draaien"
    const clause = `${clauseBefore(text, m.start, 25)} ${after}`
    const degrees = /(?<!\d)(90|180|270)(?!\d)/u.exec(clause)?.[1]
    let op: EditOp = { kind: 'rotate', degrees: 90 }
    if (degrees === '180' || has(RE.half, clause)) op = { kind: 'rotate', degrees: 180 }
    else if (degrees === '270' || has(RE.counter, clause)) op = { kind: 'rotate', degrees: -90 }
    // the direction words belong to the rotation (so "عكس" in "عكس عقارب الساعه" is not read as a flip)
    found.push({ start: m.start, end: m.end + after.length, op })
  }
}

function findFlips(text: string, found: Found[]): void {
  for (const m of matches(RE.flip, text)) {
    const clause = `${clauseBefore(text, m.start, 20)} ${clauseAfter(text, m.end)}`
    found.push({ ...m, op: { kind: 'flip', axis: has(RE.vertical, clause) ? 'vertical' : 'horizontal' } })
  }
}

function findCrops(text: string, found: Found[]): void {
  const ratios: Found[] = []
  RATIO.lastIndex = 0
  for (const m of text.matchAll(RATIO)) {
    const a = Number(m[1])
    const b = Number(m[2])
    if (a < 1 || b < 1 || a / b > 5 || b / a > 5) continue
    ratios.push({ start: m.index, end: m.index + m[0].length, op: { kind: 'crop', ratio: [a, b] } })
  }
  for (const m of matches(RE.square, text)) ratios.push({ ...m, op: { kind: 'crop', ratio: [1, 1] } })
  found.push(...ratios)
  // "crop it" with no shape named: a tighter frame at the same aspect
  for (const m of matches(RE.crop, text)) {
    const near = ratios.some((r) => r.start >= m.start - 30 && r.start <= m.end + 40)
    if (!near) found.push({ ...m, op: { kind: 'crop', ratio: [0, 0] } })
  }
}

/** "more", "again", "encore", "nochmal", "مرة أخرى"…: the whole request asks to repeat the last edit. */
const REPEAT =
  /^(?:(?:a bit |a little |even |much )?more|again|once more|do it again|stronger|(?:un poco )?mas|otra vez|de nuevo|encore(?: plus)?|davantage|(?:um pouco )?mais|de novo|outra vez|(?:noch )?mehr|nochmal|noch einmal|starker|meer|nog eens|opnieuw|sterker|اكثر|مره اخري|مجددا|ايضا)[.!]?$/u

/**
 * Reads a request in the light of the conversation: a bare "more" or "again" repeats the user's last request
 * that the local engine understood. Everything else is read on its own.
 */
export function interpretInConversation(
  request: string,
  history: ReadonlyArray<{ role: string; text: string }>,
): EditPlan {
  if (REPEAT.test(normaliseRequest(request))) {
    for (let i = history.length - 1; i >= 0; i--) {
      const turn = history[i]!
      if (turn.role !== 'user') continue
      try {
        return interpretEditRequest(turn.text)
      } catch {
        // that turn was not an edit the local engine knows; look further back
      }
    }
  }
  return interpretEditRequest(request)
}
