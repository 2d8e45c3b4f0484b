import { GENERATION_TYPES, LANGUAGES, PERSISTENT_JOB_EXPIRY_MS } from '@parti/contract'
// not zod: storage is read on the landing page, and lib/shape.ts says why that matters
import {
  arrayOf,
  boolean,
  INVALID,
  type Infer,
  literal,
  nonNegativeInt,
  object,
  oneOf,
  optional,
  type Shape,
  string,
} from './shape'

/**
 * Browser-storage keys of docs/product.md#storage-keys, defined once. Every value is stored as
 * `{ v, value }`: the version lets a later release change a shape without trusting old data, and every read
 * is checked against the schema.
 * A malformed, stale-version or unparsable entry is removed and treated as absent.
 *
 * Never put credentials here: the session is an HttpOnly cookie the server sets.
 */

const nonEmpty = () => string(1)

const HistoryImage = object({
  id: nonEmpty(),
  imageUrl: nonEmpty(),
  prompt: optional(string()),
  createdAt: string(),
})

const HistoryVideo = object({
  id: nonEmpty(),
  videoUrl: nonEmpty(),
  prompt: optional(string()),
  createdAt: string(),
})

export const PersistentJob = object({
  id: nonEmpty(),
  generationType: oneOf(GENERATION_TYPES),
  /** epoch milliseconds when the job was created in this browser */
  createdAt: nonNegativeInt,
})
export type PersistentJob = Infer<typeof PersistentJob>

export const CookieConsent = object({
  accepted: boolean,
  categories: arrayOf(oneOf(['necessary', 'preferences', 'analytics']), 3),
  decidedAt: string(),
})
export type CookieConsent = Infer<typeof CookieConsent>

export const Theme = oneOf(['light', 'dark'])
export type Theme = Infer<typeof Theme>

export const SidebarState = oneOf(['expanded', 'collapsed'])
export type SidebarState = Infer<typeof SidebarState>

const listOf = <T>(item: Shape<T>, max: number) => arrayOf(item, max)

export const STORAGE_KEYS = {
  renderHistory: { name: 'parti.render-history', version: 1, schema: listOf(HistoryImage, 200) },
  videoHistory: { name: 'parti.video-history', version: 1, schema: listOf(HistoryVideo, 200) },
  favoriteImages: { name: 'parti.favorite-images', version: 1, schema: listOf(nonEmpty(), 1000) },
  persistentJobs: { name: 'parti.persistent-jobs', version: 1, schema: listOf(PersistentJob, 500) },
  cookieConsent: { name: 'parti.cookie-consent', version: 1, schema: CookieConsent },
  // language and theme are also read by the inline script in index.html before the first paint
  language: { name: 'parti.language', version: 1, schema: oneOf(LANGUAGES) },
  theme: { name: 'parti.theme', version: 1, schema: Theme },
  sidebar: { name: 'parti.sidebar', version: 1, schema: SidebarState },
  advancedSettings: { name: 'parti.advanced-settings', version: 1, schema: boolean },
} as const

export type StorageKey = keyof typeof STORAGE_KEYS
export type StoredValue<K extends StorageKey> = Infer<(typeof STORAGE_KEYS)[K]['schema']>

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    // access can throw (disabled storage, sandboxed frames)
    return null
  }
}

/** The stored value, or null when absent. Anything that does not match the schema and version is removed. */
export function readStored<K extends StorageKey>(key: K): StoredValue<K> | null {
  const { name, version, schema } = STORAGE_KEYS[key]
  const s = store()
  const raw = s?.getItem(name)
  if (raw == null) return null
  let value: unknown = INVALID
  try {
    const envelope = object({ v: literal(version), value: (v: unknown) => v })(JSON.parse(raw))
    if (envelope !== INVALID) value = (schema as Shape<unknown>)(envelope.value)
  } catch {} // unparsable JSON
  if (value === INVALID) {
    s?.removeItem(name)
    return null
  }
  return value as StoredValue<K>
}

/** Stores a value after checking it; returns false (and stores nothing) when it does not match the schema. */
export function writeStored<K extends StorageKey>(key: K, value: StoredValue<K>): boolean {
  const { name, version, schema } = STORAGE_KEYS[key]
  const checked = (schema as Shape<unknown>)(value)
  if (checked === INVALID) return false
  try {
    store()?.setItem(name, JSON.stringify({ v: version, value: checked }))
    return true
  } catch {
    return false // quota exceeded or storage disabled: the app keeps working without persistence
  }
}

/** docs/product.md#persistent-jobs: locally persisted jobs older than 10 minutes are discarded on load. */
export function loadPersistentJobs(now: number = Date.now()): PersistentJob[] {
  const jobs = readStored('persistentJobs') ?? []
  const fresh = jobs.filter((job) => now - job.createdAt <= PERSISTENT_JOB_EXPIRY_MS && job.createdAt <= now)
  if (fresh.length !== jobs.length) writeStored('persistentJobs', fresh)
  return fresh
}
