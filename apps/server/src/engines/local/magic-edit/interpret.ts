import { AND, type Span, splitClauses, tokens } from './clauses.ts'
import { type Context, findHits, matches, quote, RE, type Words } from './hits.ts'
import { isFiller } from './lexicon-fillers.ts'
import { normaliseRequest, normaliseWithMap } from './normalise.ts'
import { amountWords, findAmounts, strengthFrom } from './numbers.ts'
import { isGeometry, operationId } from './ops.ts'
import type { Available, EditPlan, Kept, PlannedEdit, Refusal } from './plan.ts'
import { MODIFIERS, type Reading, readClause } from './read-clause.ts'
import { planError } from './reply.ts'

/**
 * Reads a plain-language edit request in any of the seven languages (docs/product.md#ask-parti). The request
 * is split into clauses (punctuation, "and", "then", "also", "but" in each language); each clause becomes
 * edits, parts kept as they are (negated: "don't make it darker"), or refusals with a reason ("add a plant",
 * "straighten the verticals", "remove the chair" without a lasso, words not understood). Nothing asked is
 * dropped. Pure: no image, no I/O.
 *
 * Throws when nothing can be done: invalid_input when only a lasso selection or palette is missing, otherwise
 * unsupported_request with the apology of docs/product.md#errors-chat and why each part was not done. A
 * request that only asks to keep things ("don't make it darker") is a plan with no edits, not an error.
 */
export function interpretEditRequest(
  request: string,
  available: Available = { selection: true, palette: true },
): EditPlan {
  const plan = readRequest(request, available)
  if (!plan.edits.length && (plan.refused.length || !plan.kept.length)) throw planError(plan, request)
  return plan
}

function readRequest(request: string, available: Available): EditPlan {
  const norm = normaliseWithMap(request)
  const text = norm.text
  const hits = findHits(text)
  const found = Object.fromEntries(
    (Object.keys(RE) as Words[]).map((w) => [w, matches(RE[w], text)]),
  ) as Record<Words, Span[]>
  const amounts = findAmounts(text)
  const ctx: Context = { raw: request, norm, text, hits, found, amounts }

  // a crop and its ratio are one phrase ("recadre en 4:3"), as are a turn and its direction
  const phrases: Span[] = [...hits, ...amounts, ...MODIFIERS.flatMap((w) => found[w])]
  for (const h of hits) {
    if (h.op?.kind !== 'crop' && h.op?.kind !== 'rotate') continue
    const next = hits.find((o) => o.start >= h.end && o.start - h.end <= 12 && o.op?.kind === 'crop')
    if (next) phrases.push({ start: h.start, end: next.end })
  }
  const starts = [...hits, ...found.negate, ...found.keep, ...found.leave].map((s) => s.start)
  const clauses = splitClauses(text, phrases, starts, (w) => /^(?:اجعل|خلي|زد|قلل|ارفع|خفف)/u.test(w))

  const readings: Reading[] = []
  for (const clause of clauses) {
    const previous = [...readings].reverse().find((r) => r.edits.length || r.refused.length || r.kept.length)
    const reading = readClause(ctx, clause, !!previous?.edits.length && AND.test(clause.joiner))
    if (reading.qualifies) {
      if (previous?.edits.length) qualify(previous, reading.qualifies)
      else if (tokens(text, clause).some((t) => !isFiller(t.word)))
        reading.refused.push({ words: quote(ctx, clause), reason: 'not-understood' })
    } else if (reading.bare && AND.test(clause.joiner) && previous?.only) {
      // "make only the sky brighter and warmer": the part named before holds for "warmer" too
      const shared = previous.edits.find((e) => e.scope)?.scope
      if (shared) for (const e of reading.edits) if (!isGeometry(e.op) && !e.scope) e.scope = shared
    }
    readings.push(reading)
  }
  return assemble(readings, available)
}

function qualify(previous: Reading, q: NonNullable<Reading['qualifies']>): void {
  for (const e of previous.edits) {
    if (q.scope && !isGeometry(e.op) && e.op.kind !== 'remove-selection' && e.op.kind !== 'blur-background') {
      const prior = e.scope
      e.scope =
        prior?.kind === 'part' && q.scope.kind === 'part'
          ? { kind: 'part', words: `${prior.words} and ${q.scope.words}` }
          : q.scope
    }
    if (!('amount' in e.op)) continue
    const sign = e.op.amount < 0 ? -1 : 1
    const written = q.amount ? strengthFrom(q.amount, e.op.kind) : null
    if (written !== null && q.amount) {
      e.op.amount = sign * written
      e.amount = amountWords(q.amount)
    } else if (q.moderate && !e.amount) e.op.amount = sign * Math.min(Math.abs(e.op.amount), 0.5)
    else if (q.strength !== null && !e.amount) e.op.amount = sign * q.strength
  }
}

function assemble(readings: Reading[], available: Available): EditPlan {
  const edits: PlannedEdit[] = []
  const refused: Refusal[] = []
  const kept: Kept[] = []
  const seen = new Set<string>()
  for (const r of readings) {
    for (const e of r.edits) {
      const id = operationId(e.op)
      if (e.op.kind === 'crop' && e.op.ratio[0] === -1) continue
      if (e.op.kind === 'remove-selection' && !available.selection) {
        refused.push({ words: e.words, reason: 'needs-selection', operation: id })
        continue
      }
      if (e.op.kind === 'recolour-palette' && !available.palette) {
        refused.push({ words: e.words, reason: 'needs-palette', operation: id })
        continue
      }
      if (e.scope?.kind === 'part' && !available.selection) {
        refused.push({ words: e.scope.words, reason: 'needs-selection', operation: id })
        continue
      }
      const key = `${id}@${JSON.stringify(e.scope)}`
      if (seen.has(key)) continue
      seen.add(key)
      edits.push(e)
    }
    refused.push(...r.refused)
    kept.push(...r.kept)
  }
  return {
    ops: edits.map((e) => e.op),
    edits,
    refused,
    kept,
    skipped: [...new Set(refused.map((r) => r.reason))],
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
  available: Available = { selection: true, palette: true },
): EditPlan {
  if (REPEAT.test(normaliseRequest(request))) {
    for (let i = history.length - 1; i >= 0; i--) {
      const turn = history[i]!
      if (turn.role !== 'user') continue
      try {
        return interpretEditRequest(turn.text, available)
      } catch {
        // that turn was not an edit the local engine knows; look further back
      }
    }
  }
  return interpretEditRequest(request, available)
}
