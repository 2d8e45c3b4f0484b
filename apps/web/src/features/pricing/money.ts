import { CREDITS_PER_EUR, MAX_A_LA_CARTE_EUR, MIN_A_LA_CARTE_EUR } from '@parti/contract'

/**
 * Prices are EUR cents (docs/product.md#money); shown in the UI language's way (€39.00, 39,00 €, ‏39٫00 €).
 */
export function formatEur(cents: number, language: string, options: { whole?: boolean } = {}): string {
  const whole = options.whole && cents % 100 === 0
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100)
}

export function formatCount(n: number, language: string): string {
  return new Intl.NumberFormat(language).format(n)
}

/** docs/product.md#a-la-carte: credits = amount × 200. */
export const creditsFor = (euros: number) => euros * CREDITS_PER_EUR

/** The presets of the custom amount (docs/product.md#validation-a-la-carte). */
export const AMOUNT_PRESETS = [5, 25] as const

/**
 * docs/product.md#validation-a-la-carte: the amount in whole euros, at least 1 (a typed value below 1, empty
 * or not a number becomes 1;
 * a fraction is floored), and at most the largest single purchase.
 */
export function normaliseAmount(raw: string | number): number {
  const n = typeof raw === 'number' ? raw : parseEuros(raw)
  if (!Number.isFinite(n)) return MIN_A_LA_CARTE_EUR
  return Math.min(MAX_A_LA_CARTE_EUR, Math.max(MIN_A_LA_CARTE_EUR, Math.floor(n)))
}

/**
 * A typed amount as a number: "1.000", "1,000" and "1 000" are a thousand (a separator followed by exactly three
 * digits groups thousands, as people write prices in every UI language), "12,5" and "12.50" are twelve and a
 * half, and a minus sign is kept so "-3" is below the minimum rather than 3.
 */
function parseEuros(raw: string): number {
  const text = raw.trim().replace(/[\s\u00a0\u202f]/g, '')
  if (/^-?\d{1,3}([.,]\d{3})+$/.test(text)) return Number(text.replace(/[.,]/g, ''))
  return Number(text.replace(',', '.'))
}

/** What the amount field keeps of a keystroke: digits, separators, spaces and the minus sign (so "-3" is not 3). */
export const amountInput = (typed: string) => typed.replace(/[^\d.,\s-]/g, '').slice(0, 9)

/** One step of the stepper; the decrement stops at 1 (and is disabled there). */
export function stepAmount(amount: number, direction: 1 | -1): number {
  return normaliseAmount(amount + direction)
}

export const canDecrement = (amount: number) => amount > MIN_A_LA_CARTE_EUR
export const canIncrement = (amount: number) => amount < MAX_A_LA_CARTE_EUR
