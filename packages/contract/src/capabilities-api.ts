import { z } from 'zod'
import {
  ALL_ASKS,
  type Ask,
  type InputLimits,
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

export const InputLimitsSchema = z
  .object({
    minSide: z.number().int().optional().describe('the shortest side, in pixels'),
    minAspect: z.number().optional().describe('width ÷ height, at least'),
    maxAspect: z.number().optional().describe('width ÷ height, at most'),
    note: z.string().describe('the same in plain English'),
  })
  .meta({ id: 'InputLimits' })

export const KindCapabilitiesSchema = z
  .object({
    steps: z.array(
      z.object({ step: z.enum(STEP_NAMES as [Step, ...Step[]]), engine: z.string(), model: z.string() }),
    ),
    asks: asks.describe(
      'every field and option of the kind: does, approximates (and how) or cannot (and why), on the engine serving it',
    ),
    engines: z
      .array(z.string())
      .optional()
      .describe(
        'the engines that can serve every step of it, the configured one first: "Compare engines" runs on two or more of them (docs/product.md#compare-engines)',
      ),
    input: InputLimitsSchema.optional().describe(
      'the input picture its models accept, when narrower than Parti accepts: a picture outside it is refused with 422 not_offered before anything is charged',
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
type _InputLimitsMatch = Expect<Same<z.infer<typeof InputLimitsSchema>, InputLimits>>
type _KindCapabilitiesMatch = Expect<Same<z.infer<typeof KindCapabilitiesSchema>, KindCapabilities>>
