import { GENERATION_MODES, NOTE_IDS, STAGING_OPTIONS, type TourSample } from '@parti/contract'
import manifest from './samples.json'

export type { TourSample }

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
