import {
  GENERATION_MODES,
  type Kind,
  NOTE_IDS,
  type NoteId,
  STAGING_OPTIONS,
  type StagingOption,
} from '@parti/contract'
import manifest from './samples.json'

/**
 * The tour's pairs (docs/product.md#tour), made by apps/server/scripts/samples.ts with the built-in
 * engine: the pictures, what was asked, the engine's notes and the figures measured when they were made.
 */
export interface TourSample {
  id: 'sketch' | 'interior' | 'staging' | 'inpaint' | 'video'
  kind: Kind
  before: string
  after: string
  video?: string
  asked: {
    prompt?: string
    style?: string
    stagingStyle?: string
    options?: StagingOption[]
    camera?: string
  }
  notes: NoteId[]
  fidelity: number | null
  changedArea: number | null
  credits: number
  seconds: number
}

const IDS = new Set(['sketch', 'interior', 'staging', 'inpaint', 'video'])
const KINDS = new Set<string>(GENERATION_MODES)
const NOTES = new Set<string>(NOTE_IDS)
const OPTIONS = new Set<string>(STAGING_OPTIONS)

/** The samples whose shape this build knows: a stale manifest loses an entry rather than breaking the page. */
export function tourSamples(raw: unknown = manifest.samples): TourSample[] {
  if (!Array.isArray(raw)) return []
  return raw.filter(
    (s): s is TourSample =>
      !!s &&
      IDS.has(s.id) &&
      KINDS.has(s.kind) &&
      typeof s.before === 'string' &&
      typeof s.after === 'string' &&
      Array.isArray(s.notes) &&
      s.notes.every((n: string) => NOTES.has(n)) &&
      (s.asked?.options ?? []).every((o: string) => OPTIONS.has(o)) &&
      typeof s.credits === 'number' &&
      typeof s.seconds === 'number',
  )
}

export const TOUR_MADE_ON: string = manifest.madeAt
