import { render } from '@testing-library/react'
import i18next, { type i18n } from 'i18next'
import type { ReactElement } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import ar from '../locales/ar.json'
import en from '../locales/en.json'

// every namespace folder (app, jobs, create, each screen's…), English and Arabic
const namespaced = import.meta.glob<Record<string, unknown>>('../locales/*/{en,ar}.json', {
  eager: true,
  import: 'default',
})
function namespacesOf(language: 'en' | 'ar') {
  const out: Record<string, Record<string, unknown>> = {}
  for (const [path, texts] of Object.entries(namespaced)) {
    const [, namespace, file] = /locales\/([^/]+)\/(\w+)\.json$/.exec(path) ?? []
    if (namespace && file === language) out[namespace] = texts
  }
  return out
}

/** An i18next instance with the real English and Arabic texts, loaded synchronously for tests. */
export async function testI18n(language: 'en' | 'ar' = 'en'): Promise<i18n> {
  const instance = i18next.createInstance()
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: {
      en: { translation: en, ...namespacesOf('en') },
      ar: { translation: ar, ...namespacesOf('ar') },
    },
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
