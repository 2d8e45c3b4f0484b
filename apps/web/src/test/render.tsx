import { cleanup, render } from '@testing-library/react'
import i18next, { type i18n } from 'i18next'
import type { ReactElement } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { afterEach } from 'vitest'
import arApp from '../locales/app/ar.json'
import enApp from '../locales/app/en.json'
import ar from '../locales/ar.json'
import en from '../locales/en.json'

// vitest globals are off, so Testing Library cannot register its own clean-up
afterEach(cleanup)

/** An i18next instance with the real English and Arabic texts, loaded synchronously for tests. */
export async function testI18n(language: 'en' | 'ar' = 'en'): Promise<i18n> {
  const instance = i18next.createInstance()
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: en, app: enApp }, ar: { translation: ar, app: arApp } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  return instance
}

export async function renderWithApp(ui: ReactElement, { language = 'en' as 'en' | 'ar', path = '/' } = {}) {
  const instance = await testI18n(language)
  return render(
    <I18nextProvider i18n={instance}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </I18nextProvider>,
  )
}
