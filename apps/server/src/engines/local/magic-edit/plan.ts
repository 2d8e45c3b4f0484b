import type { EditOp } from './ops.ts'

/** The part of the picture an edit is bound to ("only the sky", "the left side", "the shadows"). */
export type Scope =
  /** a part only the user can point at: the lasso selection stands for it */
  | { kind: 'part'; words: string }
  | { kind: 'side'; side: 'left' | 'right' | 'top' | 'bottom' }
  | { kind: 'tones'; tones: 'shadows' | 'highlights' }

/** One edit to make, with the user's words for it and where it applies (null: the whole picture). */
export interface PlannedEdit {
  op: EditOp
  words: string
  scope: Scope | null
  /** the amount the user wrote, in the reply's words ("by one stop", "by 20%") */
  amount?: string
}

/**
 * Why a part of a request was not done. Stable ids: the web translates them, so they never change once
 * shipped (like the operation ids of ops.ts).
 */
export type RefusalReason =
  /** drawing new objects (a plant, a sofa): the local engine is not generative */
  | 'add-objects'
  /** straightening verticals, levelling, perspective (no longer refused by the local engine; kept as an id) */
  | 'straighten'
  /** straightening asked of a picture with no vertical lines to go by */
  | 'no-verticals'
  /** a turn other than a quarter or half turn */
  | 'rotate-angle'
  /** a new style or material ("in the style of", "replace the floor") */
  | 'restyle'
  /** removing something, or editing a named part, without a lasso selection */
  | 'needs-selection'
  /** recolouring without a colour palette */
  | 'needs-palette'
  /** a crop, turn or flip asked of one part of the picture */
  | 'whole-picture-only'
  /** none of the words name an edit the local engine knows */
  | 'not-understood'

export interface Refusal {
  /** the user's own words for that part of the request */
  words: string
  reason: RefusalReason
  /** the operation id (ops.ts) that was not done, when the words named one */
  operation?: string
}

/** A part of the request the user asked to leave alone ("don't make it darker", "keep the colours as they are"). */
export interface Kept {
  words: string
  /** the operation id (ops.ts) the user asked not to do, when the words named one */
  operation?: string
}

export interface EditPlan {
  /** the edits to make, in the order asked (the same as edits[].op) */
  ops: EditOp[]
  edits: PlannedEdit[]
  /** what was asked and not done, with why */
  refused: Refusal[]
  /** what the user asked to leave as it is */
  kept: Kept[]
  /** the reasons of `refused`, once each */
  skipped: RefusalReason[]
}

/** What the request can count on: a lasso selection, a colour palette with at least two colours. */
export interface Available {
  selection: boolean
  palette: boolean
}
