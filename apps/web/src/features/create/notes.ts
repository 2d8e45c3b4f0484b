import {
  type Ask,
  type Generation,
  KINDS,
  NOTE_ASKS,
  NOTE_IDS,
  type NoteId,
  SUPPORT_REASONS,
  type SupportReason,
} from '@parti/contract'

/** One line of what a result says about itself (docs/product.md#result-notes), before translation. */
export type NoteLine =
  | { kind: 'phase'; phase: string; status: 'completed' | 'failed' | 'skipped' }
  | { kind: 'skipped'; ask: Ask; reason?: SupportReason }
  | { kind: 'approximated'; ask: Ask; reason?: SupportReason }
  | { kind: 'note'; id: NoteId; params?: Record<string, string | number> }
  /** a row from before the note ids: the engine's English sentence, shown as it is */
  | { kind: 'text'; text: string }
  | { kind: 'refused'; words: string; reason: string }
  | { kind: 'kept'; words: string }

const KNOWN_NOTES = new Set<string>(NOTE_IDS)
// phases in the order their steps run (cleaning before staging), whatever order the metadata holds them in
const PHASE_ORDER: string[] = Object.values(KINDS).flatMap((k) =>
  (k.steps as readonly { phase?: string }[]).flatMap((s) => (s.phase ? [s.phase] : [])),
)
const phaseRank = (phase: string) => {
  const i = PHASE_ORDER.indexOf(phase)
  return i < 0 ? PHASE_ORDER.length : i
}
const KNOWN_REASONS = new Set<string>(SUPPORT_REASONS)

/**
 * Everything a result's metadata says about what was done and what was not, in order: the phases of a kind of
 * several steps (when one did not complete), what was asked and skipped with why, what was done only
 * approximately and how (as marked before Generate), the engines' notes (ids, or
 * old rows' plain sentences), and Ask Parti's refused and kept parts. Unknown shapes are left out, never shown
 * raw.
 */
export function noteLines(g: Pick<Generation, 'metadata'> & { status?: Generation['status'] }): NoteLine[] {
  const m = g.metadata
  const lines: NoteLine[] = []
  const phases = Object.entries(m.phases ?? {}).sort(([a], [b]) => phaseRank(a) - phaseRank(b))
  if (phases.some(([, s]) => s !== 'completed'))
    for (const [phase, status] of phases)
      if (status !== 'pending') lines.push({ kind: 'phase', phase, status })
  for (const s of m.skipped ?? [])
    lines.push({
      kind: 'skipped',
      ask: s.ask,
      ...(s.reason && KNOWN_REASONS.has(s.reason) ? { reason: s.reason } : {}),
    })
  // how something was approximated is said of a result, not of a job that failed before delivering one
  for (const s of g.status === 'failed' ? [] : (m.approximated ?? []))
    lines.push({
      kind: 'approximated',
      ask: s.ask,
      ...(s.reason && KNOWN_REASONS.has(s.reason) ? { reason: s.reason } : {}),
    })
  // a note about an ask the skipped lines already explain is not said twice
  const skipped = new Set((m.skipped ?? []).map((s) => s.ask))
  for (const n of m.notes ?? []) {
    if (typeof n === 'string') lines.push({ kind: 'text', text: n })
    else if (KNOWN_NOTES.has(n.id) && !NOTE_ASKS[n.id]?.some((a) => skipped.has(a)))
      lines.push({ kind: 'note', id: n.id, ...(n.params ? { params: n.params } : {}) })
  }
  for (const r of m.refused ?? []) lines.push({ kind: 'refused', words: r.words, reason: r.reason })
  for (const k of m.kept ?? []) lines.push({ kind: 'kept', words: k.words })
  return lines
}
