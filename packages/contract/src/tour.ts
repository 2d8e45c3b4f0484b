import type { StagingOption } from './enums.ts'
import type { Kind } from './kinds.ts'
import type { NoteId } from './notes.ts'

/**
 * One pair of the public tour (docs/product.md#tour), as apps/server/scripts/samples.ts writes it into the tour's
 * manifest and the web page reads it: the pictures, what was asked, the engine's notes and the figures measured.
 */
export interface TourSample {
  id: 'sketch' | 'interior' | 'staging' | 'inpaint' | 'video'
  kind: Kind
  before: string
  after: string
  video?: string
  /** what was asked, in the API's field names */
  asked: {
    prompt?: string
    style?: string
    stagingStyle?: string
    options?: StagingOption[]
    camera?: string
  }
  /** the engine's notes (ids the page translates) */
  notes: NoteId[]
  /** lines kept (0–1), as the result's fidelity report gives it */
  fidelity: number | null
  /** the share of the picture a masked edit changed */
  changedArea: number | null
  credits: number
  /** how long the engine took when the samples were made, in seconds */
  seconds: number
}
