import type { TFunction } from 'i18next'

/** "about 4 seconds", "about 2 minutes": a measured wait, rounded the way a person says it, in the UI language. */
export function formatWait(ms: number, language: string): string {
  const seconds = Math.max(1, Math.round(ms / 1000))
  if (seconds < 90) {
    return new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(
      seconds,
    )
  }
  const minutes = Math.round(seconds / 60)
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(
    minutes,
  )
}

/** The estimate line of a pending result: measured when there is history, a plain default before. */
export function estimateText(
  t: TFunction<'create'>,
  language: string,
  estimate: { medianMs: number; samples: number } | null,
): string {
  if (!estimate) return t('pending.estimateDefault')
  return t('pending.estimate', { duration: formatWait(estimate.medianMs, language), count: estimate.samples })
}
