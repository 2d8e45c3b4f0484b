import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { isLanguage } from '../../lib/i18n'
import { useSession } from '../auth/session'
import { saveLanguage } from './api'

/**
 * The language a signed-in user picks is the language of their mail (docs/product.md#account): a change is
 * told to the server, best effort.
 */
export function useLanguageSync() {
  const { i18n } = useTranslation()
  const { status } = useSession()
  useEffect(() => {
    if (status !== 'signed-in') return
    const onChange = (language: string) => {
      if (isLanguage(language)) void saveLanguage(language).catch(() => {})
    }
    i18n.on('languageChanged', onChange)
    return () => i18n.off('languageChanged', onChange)
  }, [i18n, status])
}
