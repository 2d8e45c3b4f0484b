import { useTranslation } from 'react-i18next'

/** When the terms and privacy texts last changed. Update with the texts. */
const LEGAL_UPDATED = '2026-11-27'

export function useLegalDate(): string {
  const { i18n } = useTranslation()
  return new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${LEGAL_UPDATED}T00:00:00Z`))
}
