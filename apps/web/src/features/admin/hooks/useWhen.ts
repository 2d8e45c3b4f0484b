import { useTranslation } from 'react-i18next'

/** A date and time as the admin lists show them, in the UI language. */
export function useWhen() {
  const { i18n } = useTranslation()
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
}
