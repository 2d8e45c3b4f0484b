import { GENERATION_TYPES, LANGUAGES, PERSISTENT_JOB_EXPIRY_MS } from '@parti/contract'
// zod/mini: the same schemas at a fraction of the size, because storage is read on the landing page.
import * as z from 'zod/mini'

/**
 * Browser-storage keys of spec §3, defined once. Every value is stored as `{ v, value }`: the version lets a
 * later release change a shape without trusting old data, and every read is checked against the schema.
 * A malformed, stale-version or unparsable entry is removed and treated as absent.
 *
 * Never put credentials here: the session is an HttpOnly cookie the server sets.
 */

const nonEmpty = () => z.string().check(z.minLength(1))

const HistoryImage = z.object({
  id: nonEmpty(),
  imageUrl: nonEmpty(),
  prompt: z.optional(z.string()),
  createdAt: z.string(),
})

const HistoryVideo = z.object({
  id: nonEmpty(),
  videoUrl: nonEmpty(),
  prompt: z.optional(z.string()),
  createdAt: z.string(),
})

export const PersistentJob = z.object({
  id: nonEmpty(),
  generationType: z.enum(GENERATION_TYPES),
  /** epoch milliseconds when the job was created in this browser */
  createdAt: z.int().check(z.nonnegative()),
})
export type PersistentJob = z.infer<typeof PersistentJob>

export const CookieConsent = z.object({
  accepted: z.boolean(),
  categories: z.array(z.enum(['necessary', 'preferences', 'analytics'])),
  decidedAt: z.string(),
})
export type CookieConsent = z.infer<typeof CookieConsent>

export const Theme = z.enum(['light', 'dark'])
export type Theme = z.infer<typeof Theme>

export const SidebarState = z.enum(['expanded', 'collapsed'])
export type SidebarState = z.infer<typeof SidebarState>

const listOf = <T extends z.ZodMiniType>(item: T, max: number) => z.array(item).check(z.maxLength(max))

export const STORAGE_KEYS = {
  renderHistory: { name: 'parti.render-history', version: 1, schema: listOf(HistoryImage, 200) },
  videoHistory: { name: 'parti.video-history', version: 1, schema: listOf(HistoryVideo, 200) },
  favoriteImages: { name: 'parti.favorite-images', version: 1, schema: listOf(nonEmpty(), 1000) },
  persistentJobs: { name: 'parti.persistent-jobs', version: 1, schema: listOf(PersistentJob, 500) },
  cookieConsent: { name: 'parti.cookie-consent', version: 1, schema: CookieConsent },
  // language and theme are also read by the inline script in index.html before the first paint
  language: { name: 'parti.language', version: 1, schema: z.enum(LANGUAGES) },
  theme: { name: 'parti.theme', version: 1, schema: Theme },
  sidebar: { name: 'parti.sidebar', version: 1, schema: SidebarState },
  advancedSettings: { name: 'parti.advanced-settings', version: 1, schema: z.boolean() },
} as const

export type StorageKey = keyof typeof STORAGE_KEYS
export type StoredValue<K extends StorageKey> = z.infer<(typeof STORAGE_KEYS)[K]['schema']>

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
  try {
    const envelope = z.object({ v: z.literal(version), value: z.unknown() }).parse(JSON.parse(raw))
    return schema.parse(envelope.value) as StoredValue<K>
  } catch {
    s?.removeItem(name)
    return null
  }
}

/** Stores a value after checking it; returns false (and stores nothing) when it does not match the schema. */
export function writeStored<K extends StorageKey>(key: K, value: StoredValue<K>): boolean {
  const { name, version, schema } = STORAGE_KEYS[key]
  const parsed = schema.safeParse(value)
  if (!parsed.success) return false
  try {
    store()?.setItem(name, JSON.stringify({ v: version, value: parsed.data }))
    return true
  } catch {
    return false // quota exceeded or storage disabled: the app keeps working without persistence
  }
}

export function removeStored(key: StorageKey): void {
  store()?.removeItem(STORAGE_KEYS[key].name)
}

/** spec §4: locally persisted jobs older than 10 minutes are discarded on load. */
export function loadPersistentJobs(now: number = Date.now()): PersistentJob[] {
  const jobs = readStored('persistentJobs') ?? []
  const fresh = jobs.filter((job) => now - job.createdAt <= PERSISTENT_JOB_EXPIRY_MS && job.createdAt <= now)
  if (fresh.length !== jobs.length) writeStored('persistentJobs', fresh)
  return fresh
}
