import { type Clause, type Span, tokens } from './clauses.ts'
import { type Context, type Hit, inside, overlaps, quote, type Words } from './hits.ts'
import * as words from './lexicon.ts'
import { ARTICLES, isFiller, stem } from './lexicon-fillers.ts'
import { type Amount, amountWords, strengthFrom } from './numbers.ts'
import { type EditOp, isGeometry, operationId } from './ops.ts'
import type { Kept, PlannedEdit, Refusal, RefusalReason, Scope } from './plan.ts'

/** What one clause says: its edits, refusals and kept parts, or how it qualifies the clause before it. */
export interface Reading {
  clause: Clause
  edits: PlannedEdit[]
  refused: Refusal[]
  kept: Kept[]
  /** every word is an edit or modifier word ("warmer", "and brighter") */
  bare: boolean
  /** the clause limits itself to one part with "only", "just", "solo", "nur", "فقط"… */
  only: boolean
  /** the clause only qualifies the one before: "but only the sky", "not too much", "by 20%" */
  qualifies?: { scope: Scope | null; strength: number | null; amount?: Amount; moderate: boolean }
}

export const MODIFIERS: Words[] = [
  'aBit',
  'aLot',
  'notOnly',
  'moderate',
  'enough',
  'negate',
  'keep',
  'leave',
  'asIs',
  'only',
  'left',
  'right',
  'top',
  'bottom',
  'shadows',
  'highlights',
  'like',
  'purpose',
  'counter',
  'clockwise',
  'half',
  'vertical',
]

/**
 * Reads one clause. `follows` is true after "and" and an edit ("warmer and bright", "más cálida y luminosa"):
 * a plain adjective there is one more edit of the same kind.
 */
export function readClause(ctx: Context, clause: Clause, follows: boolean): Reading {
  const within = inside(clause)
  const get = (w: Words) => ctx.found[w].filter(within)
  const hits = ctx.hits.filter(within)
  const reading: Reading = { clause, edits: [], refused: [], kept: [], bare: false, only: false }
  const text = quote(ctx, clause)
  const amounts = ctx.amounts.filter(within)

  const blockers = [...hits, ...get('notOnly'), ...get('moderate'), ...get('asIs'), ...get('enough')]
  let negators = get('negate').filter((n) => !blockers.some((b) => overlaps(b, n)))
  const after = get('negateAfter').filter((n) => !blockers.some((b) => overlaps(b, n)))

  // "keep the colours as they are", "leave it alone", "deja igual el color", "lass es so"
  const leave = get('leave')
  const weakAsIs = get('asIsAfterVerb').filter((w) => leave.some((l) => l.end <= w.start))
  if (get('keep').length || get('asIs').length || weakAsIs.length) {
    for (const h of hits)
      reading.kept.push(h.op ? { words: text, operation: operationId(h.op) } : { words: text })
    if (!reading.kept.length) reading.kept.push({ words: text })
    return reading
  }

  // "not too much": the edit before it, gently; what follows "not too" is not a new edit
  const moderate = get('moderate')[0]
  let opHits = hits.filter((h) => h.op && (!moderate || h.end <= moderate.start))
  const refuseHits = hits.filter((h) => h.reason && (!moderate || h.end <= moderate.start))

  // "not bright enough" asks for brighter
  if (get('enough').length && negators.length) {
    negators = []
    if (!opHits.length) opHits = baseAdjectives(ctx, clause)
  } else if (follows && !opHits.length && !refuseHits.length && !negators.length && !after.length) {
    opHits = baseAdjectives(ctx, clause)
  }

  const geometryOnly =
    opHits.length > 0 && opHits.every((h) => h.op && (h.op.kind === 'rotate' || h.op.kind === 'flip'))
  const sides = geometryOnly
    ? []
    : (['left', 'right', 'top', 'bottom'] as const).flatMap((side) => get(side).map((s) => ({ ...s, side })))
  const tones = (['shadows', 'highlights'] as const).flatMap((t) => get(t).map((s) => ({ ...s, tones: t })))

  // the words left once edits, modifiers and amounts are taken out: a part of the picture, or not understood
  const taken: Span[] = [...hits, ...opHits, ...amounts, ...MODIFIERS.flatMap(get), ...after, ...weakAsIs]
  // "like a sunset", "for a listing": what follows describes the edit or its purpose, it is not a part
  for (const like of [...get('like'), ...get('purpose')]) taken.push({ start: like.start, end: clause.end })
  for (const h of hits) {
    if (h.op?.kind !== 'remove-selection' && !h.reason) continue
    // what is removed or asked for ("the chair", "a plant") belongs to that hit
    const next = hits.find((o) => o.start >= h.end && o.op)
    taken.push({ start: h.end, end: next ? next.start : clause.end })
  }
  const all = tokens(ctx.text, clause)
  const free = all.filter((t) => !taken.some((s) => overlaps(s, t)))
  const content = free.filter((t) => !isFiller(t.word))
  reading.bare = free.length === 0

  const only = get('only').length > 0
  reading.only = only
  const partWords = partOf(ctx, all, content, only)
  const ownScope: Scope | null = sides[0]
    ? { kind: 'side', side: sides[0].side }
    : tones[0]
      ? { kind: 'tones', tones: tones[0].tones }
      : partWords
        ? { kind: 'part', words: partWords }
        : null

  if (!opHits.length && !refuseHits.length) {
    if (negators.length || after.length) {
      if (content.length) reading.kept.push({ words: text })
      return reading
    }
    const strength = get('aBit').length ? 0.5 : get('aLot').length ? 1.6 : null
    const amount = amounts.find((a) => a.kind !== 'degrees')
    const signed = amount?.kind === 'stops' && amount.sign !== 0
    if (signed && amount) {
      // "+1 EV", "exposure -1": a change of exposure with its direction written as a sign
      const op: EditOp = { kind: 'brightness', amount: amount.sign * Math.min(3, amount.value) }
      reading.edits.push({ op, words: text, scope: ownScope, amount: amountWords(amount) })
      return reading
    }
    if (ownScope || strength !== null || amount || moderate) {
      const leftover = ownScope?.kind === 'part' ? [] : content
      if (!leftover.length) {
        reading.qualifies = { scope: ownScope, strength, moderate: !!moderate, ...(amount ? { amount } : {}) }
        return reading
      }
    }
    if (content.length) reading.refused.push({ words: text, reason: 'not-understood' })
    return reading
  }

  const refuse = (r: Refusal) => {
    if (!reading.refused.some((o) => o.reason === r.reason && o.operation === r.operation))
      reading.refused.push(r)
  }
  for (const h of opHits) {
    const op = finalise(ctx, clause, h, hits)
    if (op.kind === 'crop' && op.ratio[0] === -1) continue
    const negated =
      negators.some((n) => n.end <= h.start) ||
      after.some(
        (n) =>
          n.start >= h.end &&
          !opHits.some((o) => o !== h && o.start >= h.end && o.start < n.start) &&
          !opHits.some((o) => o.start >= n.end),
      )
    if (negated) {
      reading.kept.push({ words: text, operation: operationId(op) })
      continue
    }
    if (op.kind === 'rotate' && badAngle(ctx, clause)) {
      refuse({ words: text, reason: 'rotate-angle', operation: operationId(op) })
      continue
    }
    let scope = ownScope
    if (op.kind === 'remove-selection' || op.kind === 'blur-background') scope = null
    if (isGeometry(op) && scope) {
      // "crop the left side": a crop of one side is not a centred crop; a turn or flip names sides as directions
      if (op.kind === 'crop' && scope.kind === 'side') {
        refuse({ words: text, reason: 'whole-picture-only', operation: operationId(op) })
        continue
      }
      scope = null
    }
    const edit: PlannedEdit = { op, words: text, scope }
    applyStrength(edit, strengthOf(ctx, clause, !!moderate), amounts)
    reading.edits.push(edit)
  }
  const reasons = new Set<RefusalReason>()
  for (const r of refuseHits) {
    if (negators.some((n) => n.end <= r.start)) {
      reading.kept.push({ words: text })
      continue
    }
    // "add more contrast", "turn it into black and white": the verb of an edit, not a request of its own
    const next = opHits.find((o) => o.start >= r.end)
    if (next && r.reason !== 'straighten' && !content.some((t) => t.start >= r.end && t.end <= next.start))
      continue
    if (!next && opHits.length && r.reason !== 'straighten' && !content.some((t) => t.start >= r.end))
      continue
    if (reasons.has(r.reason!)) continue
    reasons.add(r.reason!)
    reading.refused.push({ words: text, reason: r.reason! })
  }
  return reading
}

/** The part of the picture the free words name, as the user wrote it, or null when they name none. */
function partOf(
  ctx: Context,
  all: Array<Span & { word: string }>,
  content: Array<Span & { word: string }>,
  only: boolean,
): string | null {
  if (!content.length) return null
  const named = content.some((t, i) => {
    if (words.PARTS.has(stem(t.word)) || words.PARTS.has(t.word)) return true
    if (/^(?:و|ف)?(?:ب|ل)?ال/u.test(t.word)) return true
    const before = all[all.indexOf(t) - 1]
    return i >= 0 && before !== undefined && ARTICLES.has(before.word) && before.end >= t.start - 1
  })
  if (!named && !only) return null
  const first = content[0]!
  const last = content[content.length - 1]!
  const before = all[all.indexOf(first) - 1]
  const start =
    before && ARTICLES.has(before.word) && before.end >= first.start - 1 ? before.start : first.start
  return quote(ctx, { start, end: last.end })
}

/** "not bright enough", "pas assez lumineux", "nicht hell genug": the plain adjective, read as "more of it". */
function baseAdjectives(ctx: Context, clause: Clause): Hit[] {
  const within = inside(clause)
  const table: Array<[Words, EditOp]> = [
    ['brightBase', { kind: 'brightness', amount: 1 }],
    ['darkBase', { kind: 'brightness', amount: -1 }],
    ['warmBase', { kind: 'warmth', amount: 1 }],
    ['sharpBase', { kind: 'sharpen', amount: 1 }],
    ['vividBase', { kind: 'saturation', amount: 1 }],
  ]
  return table.flatMap(([w, op]) => ctx.found[w].filter(within).map((s) => ({ ...s, op })))
}

/** The edit of a hit once its clause is read: the turn's direction, the flip's axis. */
function finalise(ctx: Context, clause: Clause, h: Hit, hits: Hit[]): EditOp {
  const op = h.op!
  const within = inside(clause)
  if (op.kind === 'rotate') {
    const degrees = /(?<!\d)(90|180|270)(?!\d)/u.exec(ctx.text.slice(clause.start, clause.end))?.[1]
    if (degrees === '180' || ctx.found.half.some(within)) return { kind: 'rotate', degrees: 180 }
    if (degrees === '270' || ctx.found.counter.some(within)) return { kind: 'rotate', degrees: -90 }
    return { ...op }
  }
  if (op.kind === 'flip')
    return { kind: 'flip', axis: ctx.found.vertical.some(within) ? 'vertical' : 'horizontal' }
  if (
    op.kind === 'crop' &&
    op.ratio[0] === 0 &&
    hits.some((o) => within(o) && o.op?.kind === 'crop' && o.op.ratio[0] !== 0)
  ) {
    // "crop to 16:9": the ratio says it all
    return { kind: 'crop', ratio: [-1, -1] }
  }
  return { ...op }
}

/** A turn asked by an angle other than a quarter or half turn ("rotate 45 degrees", "tourne de 5°"). */
function badAngle(ctx: Context, clause: Clause): boolean {
  const text = ctx.text.slice(clause.start, clause.end)
  return [...text.matchAll(/(?<![\d:x/])(\d{1,3})(?![\d:x/])/gu)].some(
    (m) => !['90', '180', '270'].includes(m[1]!),
  )
}

function strengthOf(ctx: Context, clause: Clause, moderate: boolean): number {
  const within = inside(clause)
  if (moderate || ctx.found.aBit.some(within)) return 0.5
  if (ctx.found.aLot.some(within)) return 1.6
  return 1
}

function applyStrength(edit: PlannedEdit, strength: number, amounts: Amount[]): void {
  const op = edit.op
  if (!('amount' in op)) return
  const sign = op.amount < 0 ? -1 : 1
  const written = amounts.map((a) => ({ a, s: strengthFrom(a, op.kind) })).find((x) => x.s !== null)
  if (written) {
    op.amount = sign * written.s!
    edit.amount = amountWords(written.a)
  } else {
    op.amount = sign * strength
  }
}
