/** Percentile of a sample (nearest-rank), in the sample's unit. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!
}

export const median = (values: number[]) => percentile(values, 50)
export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / (values.length || 1)
export const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits

export interface BenchRow {
  name: string
  value: string
  target: string
  pass: boolean | null
  note?: string
}
