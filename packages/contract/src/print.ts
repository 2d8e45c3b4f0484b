// Print targets and what a picture's pixels are worth on them (docs/decisions/0116-print-targets.md): defined once
// here, read by the gallery's readout and the upscale kind. No zod here: the web imports these values.
import { UPSCALE_LIMITS } from './constants.ts'
import { UPSCALE_FACTORS, type UpscaleFactor } from './values.ts'

const MM_PER_INCH = 25.4

/** The density an upscaled file records: its size in print at a sharp 300 dpi (docs/decisions/0116-print-targets.md). */
export const UPSCALE_DPI = 300

/**
 * A target is either a sheet (its sides in millimetres and the dots per inch a sharp print needs) or a screen
 * (its sides in pixels). `longPx` only: a long-edge rule (MLS boards), whatever the short side.
 */
export type PrintTargetSpec =
  | { medium: 'paper'; longMm: number; shortMm: number; dpi: number }
  | { medium: 'screen'; longPx: number; shortPx?: number }

export const PRINT_TARGETS = {
  a4: { medium: 'paper', longMm: 297, shortMm: 210, dpi: 300 },
  a3: { medium: 'paper', longMm: 420, shortMm: 297, dpi: 300 },
  // a poster is seen from further away: 150 dpi is the usual floor
  a2: { medium: 'paper', longMm: 594, shortMm: 420, dpi: 150 },
  // a listing photo: the long edge many MLS boards ask for
  mls: { medium: 'screen', longPx: 2048 },
  screen4k: { medium: 'screen', longPx: 3840, shortPx: 2160 },
} as const satisfies Record<string, PrintTargetSpec>
export type PrintTargetId = keyof typeof PRINT_TARGETS | 'custom'
export const PRINT_TARGET_IDS = [...Object.keys(PRINT_TARGETS), 'custom'] as PrintTargetId[]

/** A custom sheet's bounds, as the readout's inputs take them. */
export const CUSTOM_PRINT_LIMITS = { minMm: 50, maxMm: 2000, minDpi: 72, maxDpi: 600 } as const

/** The pixels a target needs on its long and short sides (a long-edge rule has no short side). */
export function targetPixels(t: PrintTargetSpec): { long: number; short: number | null } {
  if (t.medium === 'screen') return { long: t.longPx, short: t.shortPx ?? null }
  return {
    long: Math.round((t.longMm / MM_PER_INCH) * t.dpi),
    short: Math.round((t.shortMm / MM_PER_INCH) * t.dpi),
  }
}

export interface PrintFit {
  /** pixels the target needs, long and short side */
  needLong: number
  needShort: number | null
  /** how many times larger the picture must be to fill the target (fitted inside it, nothing cropped); ≤ 1 fits */
  scaleNeeded: number
  /** on paper: the dots per inch the picture gives when it fills the sheet */
  effectiveDpi: number | null
  ok: boolean
  /**
   * The upscale to offer when it falls short: the smallest factor the limits allow that makes it fit, else the
   * largest they allow (it comes closer; `reaches` false). Null when it fits, or no upscale is allowed.
   */
  upscale: { factor: UpscaleFactor; reaches: boolean; effectiveDpi: number | null } | null
}

/** A picture of `width`×`height` pixels on a target, fitted inside it in either orientation. */
export function printFit(width: number, height: number, target: PrintTargetSpec): PrintFit {
  const long = Math.max(width, height)
  const short = Math.min(width, height)
  const need = targetPixels(target)
  const scaleNeeded = Math.min(need.long / long, need.short === null ? Infinity : need.short / short)
  // a pixel of rounding is not a shortfall
  const slack = 1.5 / need.long
  const ok = scaleNeeded <= 1 + slack
  const dpiAt = (times: number) =>
    target.medium === 'paper' ? Math.floor((target.dpi * times) / scaleNeeded) : null
  const effectiveDpi = dpiAt(1)
  const allowed = UPSCALE_FACTORS.filter((f) => upscaleFits(width, height, f).ok)
  const factor = ok ? undefined : (allowed.find((f) => f >= scaleNeeded - slack) ?? allowed.at(-1))
  const upscale = factor
    ? { factor, reaches: factor >= scaleNeeded - slack, effectiveDpi: dpiAt(factor) }
    : null
  return { needLong: need.long, needShort: need.short, scaleNeeded, effectiveDpi, ok, upscale }
}

/** The words a refusal of an upscale too large gives (FAILURES.upscale_too_large). */
export function upscaleRefusal(width: number, height: number, factor: UpscaleFactor) {
  const r = upscaleFits(width, height, factor)
  return {
    width,
    height,
    factor,
    outWidth: r.width,
    outHeight: r.height,
    maxMegapixels: UPSCALE_LIMITS.maxOutputPixels / 1_000_000,
    maxSide: UPSCALE_LIMITS.maxOutputSide,
  }
}

/** Whether an upscale's result stays within UPSCALE_LIMITS, and its size. */
export function upscaleFits(
  width: number,
  height: number,
  factor: UpscaleFactor,
): { ok: boolean; width: number; height: number } {
  const w = width * factor
  const h = height * factor
  return {
    ok: w * h <= UPSCALE_LIMITS.maxOutputPixels && Math.max(w, h) <= UPSCALE_LIMITS.maxOutputSide,
    width: w,
    height: h,
  }
}

/** The sheet of a custom target. */
export function customTarget(longMm: number, shortMm: number, dpi: number): PrintTargetSpec {
  return { medium: 'paper', longMm: Math.max(longMm, shortMm), shortMm: Math.min(longMm, shortMm), dpi }
}
