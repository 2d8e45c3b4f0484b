import { LANGUAGES, type Language, RTL_LANGUAGES } from '@parti/contract'
import i18next, { type BackendModule, type ResourceKey } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type enAccount from '../locales/account/en.json'
import type enAccountData from '../locales/account-data/en.json'
import type enAdmin from '../locales/admin/en.json'
import type enApp from '../locales/app/en.json'
import type enChat from '../locales/chat/en.json'
import type enCreate from '../locales/create/en.json'
import type enCredits from '../locales/credits/en.json'
import type enDevelopers from '../locales/developers/en.json'
import type en from '../locales/en.json'
import type enGallery from '../locales/gallery/en.json'
import type enJobs from '../locales/jobs/en.json'
import type enOutbox from '../locales/outbox/en.json'
import type enPages from '../locales/pages/en.json'
import type enPricing from '../locales/pricing/en.json'
import type enProjects from '../locales/projects/en.json'
import type enRenovate from '../locales/renovate/en.json'
import type enSketch from '../locales/sketch/en.json'
import type enStaging from '../locales/staging/en.json'
import type enVersions from '../locales/versions/en.json'
import type enVideo from '../locales/video/en.json'
import type enWebhooks from '../locales/webhooks/en.json'
import { readStored, writeStored } from './storage'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    // 'pages': the long texts of the public pages (legal, support, product, contact), loaded with them;
    // 'app': the signed-in screens' notices, toasts and confirmations (docs/product.md#errors), loaded with
    // those screens
    resources: {
      translation: typeof en
      pages: typeof enPages
      app: typeof enApp
      jobs: typeof enJobs
      create: typeof enCreate
      sketch: typeof enSketch
      staging: typeof enStaging
      renovate: typeof enRenovate
      video: typeof enVideo
      chat: typeof enChat
      gallery: typeof enGallery
      admin: typeof enAdmin
      pricing: typeof enPricing
      projects: typeof enProjects
      developers: typeof enDevelopers
      'account-data': typeof enAccountData
      credits: typeof enCredits
      outbox: typeof enOutbox
      account: typeof enAccount
      webhooks: typeof enWebhooks
      versions: typeof enVersions
    }
  }
}

const DEFAULT_LANGUAGE: Language = 'en'

/** Names of the languages in their own language, for the pickers. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  pt: 'Português',
  de: 'Deutsch',
  nl: 'Nederlands',
  ar: 'العربية',
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The language the screens are in now. */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  return (RTL_LANGUAGES as readonly string[]).includes(language) ? 'rtl' : 'ltr'
}

// Each language and namespace is its own chunk, fetched when needed, so the landing page carries one language
// and none of the long legal and support texts.
// A namespace is a folder of seven files (locales/<namespace>/<language>.json); a feature adds its own folder
// and its type below, and locales.test.ts checks it like the others.
const loaders = import.meta.glob<{ default: ResourceKey }>(['../locales/*.json', '../locales/*/*.json'])

function localePath(language: string, namespace: string): string {
  return namespace === 'translation'
    ? `../locales/${language}.json`
    : `../locales/${namespace}/${language}.json`
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[localePath(language, namespace)]
    if (!load) return callback(new Error(`No locale ${language}`), false)
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    )
  },
}

/**
 * docs/product.md#languages: the stored choice first, then the browser's languages, then the page's lang
 * attribute; English when none is supported. The stored choice goes through storage.ts, so it has a schema
 * and a version like every other key. (A dozen lines instead of i18next-browser-languagedetector keep the
 * landing page small.)
 */
export function detectLanguage(
  stored: unknown = readStored('language'),
  browser: readonly string[] = typeof navigator === 'undefined'
    ? []
    : (navigator.languages ?? [navigator.language]),
  htmlTag: string | null = typeof document === 'undefined'
    ? null
    : document.documentElement.getAttribute('lang'),
): Language {
  const candidates = [stored, ...browser, htmlTag]
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' || !candidate) continue
    const base = candidate.toLowerCase().split(/[-_]/)[0]
    if (isLanguage(base)) return base
  }
  return DEFAULT_LANGUAGE
}

function applyDocumentLanguage(language: string) {
  const root = document.documentElement
  root.lang = language
  root.dir = directionOf(language)
}

export async function initI18n(): Promise<typeof i18next> {
  if (i18next.isInitialized) return i18next
  i18next.on('languageChanged', (language) => {
    const resolved = i18next.resolvedLanguage ?? language
    if (isLanguage(resolved)) applyDocumentLanguage(resolved)
  })
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: detectLanguage(),
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: false,
      load: 'languageOnly',
      fallbackLng: DEFAULT_LANGUAGE,
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false }, // React escapes
      react: { useSuspense: true },
      returnNull: false,
    })
  const resolved = i18next.resolvedLanguage
  if (isLanguage(resolved)) applyDocumentLanguage(resolved)
  return i18next
}

/**
 * The visitor's own choice (the language picker): stored, so it wins over the browser's languages from now on.
 * The language detected at start is not stored (docs/product.md#languages): a visitor who never chose keeps
 * following the browser.
 */
export function changeLanguage(language: Language) {
  writeStored('language', language)
  return i18next.changeLanguage(language)
}
