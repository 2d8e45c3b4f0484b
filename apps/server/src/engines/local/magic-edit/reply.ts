import { FAILURES, type FailureReason } from '@parti/contract'
import { EngineError } from '../../types.ts'
import { describeNotDone, describeOperation, isGeometry } from './ops.ts'
import type { EditPlan, Kept, PlannedEdit, Refusal, RefusalReason } from './plan.ts'

/**
 * The local engine's words about a request, in English (the web shows translations of the operation and
 * reason ids): what was done, what was kept as asked, and what was not done and why
 * (docs/product.md#ask-parti, docs/product.md#errors-chat). Nothing asked is left unmentioned.
 */
const REASONS: Record<RefusalReason, string> = {
  'add-objects': 'I can’t add new objects on this server',
  straighten: 'I can’t straighten verticals or correct perspective on this server',
  'rotate-angle': 'I can only rotate by quarter turns (90° or 180°)',
  restyle: 'I can’t change the style or replace materials on this server',
  'needs-selection': 'select that part with the lasso tool and ask again; I can’t find it on my own',
  'needs-palette': 'choose a colour palette and ask again to recolour it',
  'whole-picture-only': 'I can only crop, rotate or flip the whole picture',
  'not-understood': 'I didn’t understand that part',
  'no-verticals': 'I found no vertical lines (wall edges, door or window frames) to straighten it by',
}

function reasonText(r: Refusal): string {
  if (r.reason === 'needs-selection' && r.operation === 'remove-selection')
    return 'select the area with the lasso tool and ask again to remove it'
  return REASONS[r.reason]
}

function refusalSentence(r: Refusal): string {
  return `I left out “${r.words}”: ${reasonText(r)}.`
}

function keptSentence(kept: Kept[], notDone: string[]): string {
  const sentences = notDone.length ? [`As you asked, I didn’t ${joinWords(notDone)}.`] : []
  const asked = [...new Set(kept.filter((k) => !k.operation).map((k) => `“${k.words}”`))]
  if (asked.length) sentences.push(`As you asked (${joinWords(asked)}), I left that as it was.`)
  return sentences.join(' ')
}

const SIDES = {
  left: 'on the left half',
  right: 'on the right half',
  top: 'in the top half',
  bottom: 'in the bottom half',
}

function where(edit: PlannedEdit, selection: boolean): string {
  const s = edit.scope
  if (s?.kind === 'side') return ` ${SIDES[s.side]}`
  if (s?.kind === 'tones') return ` in the ${s.tones}`
  if (s?.kind === 'part') return ` inside your selection (“${s.words}”)`
  const local =
    !isGeometry(edit.op) && edit.op.kind !== 'remove-selection' && edit.op.kind !== 'blur-background'
  return selection && local ? ' inside your selection' : ''
}

function describeEdit(edit: PlannedEdit, paletteName: string | undefined, selection: boolean): string {
  const amount = edit.amount ? ` ${edit.amount}` : ''
  return `${describeOperation(edit.op, paletteName)}${amount}${where(edit, selection)}`
}

/** The reply to a request that was carried out (in part, or with nothing to change). */
export function replyText(plan: EditPlan, options: { paletteName?: string; selection: boolean }): string {
  const done = plan.edits.map((e) => describeEdit(e, options.paletteName, options.selection))
  const notDone = [...new Set(plan.kept.flatMap((k) => (k.operation ? [describeNotDone(k.operation)] : [])))]
  const sentences = [
    done.length ? `Done: I ${joinWords(done)}.` : 'Nothing changed.',
    keptSentence(plan.kept, notDone),
    ...plan.refused.map(refusalSentence),
  ]
  return sentences.filter(Boolean).join(' ')
}

const NEEDS_INPUT = new Set<RefusalReason>(['needs-selection', 'needs-palette'])

/**
 * The failure of a request where nothing can be done. Only a missing selection or palette: invalid_input,
 * saying what to provide. Otherwise unsupported_request: the apology and capabilities of
 * docs/product.md#errors-chat, then each part that was asked and why it was not done. Both are refunded and
 * never retried (jobs/worker.ts).
 */
export function planError(plan: EditPlan, request: string): EngineError {
  const detail = `not done: ${request}`
  if (plan.refused.length && plan.refused.every((r) => NEEDS_INPUT.has(r.reason))) {
    const asks = unique(plan.refused.map(askFor))
    return new EngineError('invalid_input', asks, { detail })
  }
  const why = plan.refused.map(refusalSentence)
  const notDone = [...new Set(plan.kept.flatMap((k) => (k.operation ? [describeNotDone(k.operation)] : [])))]
  const kept = keptSentence(plan.kept, notDone)
  // the screens translate the apology and each part left out (its words and reason id); the English says more
  const reasons: FailureReason[] = [
    { id: 'edit_unsupported' },
    ...plan.refused.map(
      (r): FailureReason => ({ id: 'left_out', params: { words: r.words, reason: r.reason } }),
    ),
  ]
  return new EngineError('unsupported_request', reasons, {
    detail,
    words: [FAILURES.edit_unsupported, ...why, kept].filter(Boolean).join(' '),
  })
}

function askFor(r: Refusal): FailureReason {
  if (r.reason === 'needs-palette') return { id: 'choose_palette' }
  if (r.operation === 'remove-selection') return { id: 'select_to_remove' }
  return { id: 'select_words', params: { words: r.words } }
}

/** Reasons said once each, in order (two parts needing the palette ask for it once). */
function unique(reasons: FailureReason[]): FailureReason[] {
  const seen = new Set<string>()
  return reasons.filter((r) => {
    const key = JSON.stringify(r)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function joinWords(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}
