import { z } from 'zod'
import {
  ALL_ASKS,
  type Ask,
  type KindCapabilities,
  SUPPORT_LEVELS,
  SUPPORT_REASONS,
  type Support,
} from './capabilities.ts'
import { GENERATION_MODES, STEP_NAMES, type Step } from './kinds.ts'

const Level = z.enum(SUPPORT_LEVELS)
const base = {
  level: Level,
  reason: z
    .enum(SUPPORT_REASONS)
    .optional()
    .describe('why it is approximated or not done; the web translates it'),
  note: z.string().optional().describe('the same in plain English'),
}
export const SupportSchema = z
  .object({
    ...base,
    withLasso: Level.optional().describe('its level when the request carries a lasso selection'),
    forPhoto: z
      .object(base)
      .optional()
      .describe('what it becomes when the input is a photo or a rendering rather than a line drawing'),
  })
  .meta({ id: 'Support' })

const asks = z.partialRecord(z.enum(ALL_ASKS as [Ask, ...Ask[]]), SupportSchema)

export const KindCapabilitiesSchema = z
  .object({
    steps: z.array(
      z.object({ step: z.enum(STEP_NAMES as [Step, ...Step[]]), engine: z.string(), model: z.string() }),
    ),
    asks: asks.describe(
      'every field and option of the kind: does, approximates (and how) or cannot (and why), on the engine serving it',
    ),
  })
  .meta({ id: 'KindCapabilities' })

/** `GET /api/capabilities`: for the active configuration and the caller's plan. */
export const CapabilitiesResponse = z.object({
  kinds: z.record(z.enum(GENERATION_MODES), KindCapabilitiesSchema),
})

// the schemas describe the same shapes as the plain types the server and the screens use
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Expect<T extends true> = T
type _SupportMatches = Expect<Same<z.infer<typeof SupportSchema>, Support>>
type _KindCapabilitiesMatch = Expect<Same<z.infer<typeof KindCapabilitiesSchema>, KindCapabilities>>
