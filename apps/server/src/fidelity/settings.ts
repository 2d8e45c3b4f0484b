import { FIDELITY_SUBJECTS, type Kind } from '@parti/contract'

/** FIDELITY_THRESHOLDS, parsed at start; a kind not named keeps the contract's default (docs/product.md#fidelity). */
export interface FidelitySettings {
  thresholds: Partial<Record<Kind, number>>
}

/** FIDELITY_THRESHOLDS: `kind=0.4,kind=0.3`, each 0–1; one problem per bad entry. */
export function parseThresholds(value: string | undefined): {
  settings: FidelitySettings
  problems: string[]
} {
  const thresholds: Partial<Record<Kind, number>> = {}
  const problems: string[] = []
  for (const part of (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [kind, raw] = part.split('=').map((s) => s.trim())
    const v = Number(raw)
    if (!kind || !(kind in FIDELITY_SUBJECTS) || raw === undefined || !Number.isFinite(v) || v < 0 || v > 1)
      problems.push(
        `FIDELITY_THRESHOLDS: "${part}" is not kind=number between 0 and 1 (kinds: ${Object.keys(FIDELITY_SUBJECTS).join(', ')})`,
      )
    else thresholds[kind as Kind] = v
  }
  return { settings: { thresholds }, problems }
}
