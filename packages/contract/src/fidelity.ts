// How faithful a result is to what it was given (docs/product.md#fidelity), and how closely it is asked to
// follow the input's lines. Plain values here; the zod shape of the report is in generation.ts.
import type { Kind } from './kinds.ts'

/**
 * How a fidelity score was measured: `lines` is the line-overlap F-score of input and output line maps;
 * `structure` the share of the room's straight segments (walls, window frames, doors) found again by a neural
 * line-segment detector; `lines-fallback` the line F-score where the structure check was meant but its model
 * could not load (docs/decisions/0061-fidelity-measures.md).
 */
export const FIDELITY_METHODS = ['lines', 'structure', 'lines-fallback'] as const
export type FidelityMethod = (typeof FIDELITY_METHODS)[number]

/** "Follow my lines": how closely an engine keeps the input's geometry; balanced unless asked. */
export const FOLLOW_LINES = ['loose', 'balanced', 'strict'] as const
export type FollowLines = (typeof FOLLOW_LINES)[number]
export const DEFAULT_FOLLOW_LINES: FollowLines = 'balanced'

/**
 * The kinds whose image results are measured, and what their input is: a drawing (its ink lines) or a photo
 * (its edges, and the structure check). Multi-angle views are measured for the front angle only: every other
 * angle moves the lines on purpose.
 */
export const FIDELITY_SUBJECTS: Partial<Record<Kind, 'drawing' | 'photo'>> = {
  sketch: 'drawing',
  'multi-angle': 'drawing',
  staging: 'photo',
  'magic-edit': 'photo',
  inpaint: 'photo',
  // a new sky and dusk keep the building: measured as Ask Parti's edits are (docs/decisions/0125-hosted-sky-and-dusk.md)
  sky: 'photo',
  dusk: 'photo',
}

/**
 * The score below which a result of a kind misses (0–1): a hosted job is run once more with strict lines at
 * no charge, then failed and refunded; a local result is refunded. Overridden by FIDELITY_THRESHOLDS.
 * Measured on honest results of the built-in engine (docs/decisions/0061-fidelity-measures.md).
 */
export const DEFAULT_FIDELITY_THRESHOLDS: Partial<Record<Kind, number>> = {
  sketch: 0.35,
  'multi-angle': 0.35,
  staging: 0.3,
  'magic-edit': 0.3,
  inpaint: 0.3,
  sky: 0.3,
  dusk: 0.3,
}
