import { z } from 'zod'
import { ALL_ASKS, type Ask, SUPPORT_REASONS } from './capabilities.ts'
import { GENERATIONS_LIMIT, MAX_STATUS_IDS, TEXT_LIMITS, TRANSACTIONS_LIMIT } from './constants.ts'
import {
  Angle,
  CameraMovement,
  ChargeState,
  CreditTransactionKind,
  EngineId,
  GenerationMode,
  GenerationStatus,
  GenerationType,
  MediaType,
  RoomType,
  StagingOption,
  StagingStyle,
} from './enums.ts'
import { FIDELITY_METHODS, FOLLOW_LINES } from './fidelity.ts'
import { STEP_NAMES, type Step } from './kinds.ts'
import { NOTE_IDS, type NoteId } from './notes.ts'

/** How faithful an image result is to its input (docs/product.md#fidelity). */
export const FidelityReport = z.object({
  score: z.number().min(0).max(1).describe('0–1: lines kept (line F-score) or room structure found again'),
  method: z.enum(FIDELITY_METHODS),
  tolerancePx: z.number().describe('a line this close (pixels at 512 px long side) counts as kept'),
  precision: z.number().optional().describe('share of the output lines near an input line'),
  recall: z.number().optional().describe('share of the input lines found again'),
  threshold: z.number().optional().describe('the kind threshold in force; below it the result missed'),
  followLines: z.enum(FOLLOW_LINES).optional().describe('the geometry setting the result was made with'),
  rerun: z.boolean().optional().describe('made by a free second run with strict lines after a miss'),
  overlayUrl: z
    .string()
    .optional()
    .describe('PNG at 512 px: green input lines kept, red lines lost or added'),
  colours: z
    .array(
      z.object({
        requested: z.string(),
        rendered: z.string(),
        deltaE: z.number().describe('CIEDE2000'),
        share: z.number().describe('share of the picture the matched region covers'),
      }),
    )
    .optional()
    .describe('palette and own colours: requested versus rendered, CIEDE2000'),
})
export type FidelityReport = z.infer<typeof FidelityReport>

export const GenerationMetadata = z
  .object({
    duration: z.number().int().optional(),
    cameraMovement: CameraMovement.optional(),
    angle: Angle.optional(),
    roomType: RoomType.optional(),
    stagingStyle: StagingStyle.optional(),
    stagingOptions: z.array(StagingOption).optional(),
    cleanedImageUrl: z.string().optional(),
    phases: z
      .record(z.string(), z.enum(['pending', 'completed', 'failed', 'skipped']))
      .optional()
      .describe('a kind of several steps: each phase, skipped when nothing asked of it could be done'),
    skipped: z
      .array(
        z.object({
          ask: z.enum(ALL_ASKS as [Ask, ...Ask[]]),
          reason: z.enum(SUPPORT_REASONS).optional(),
          note: z.string().optional(),
        }),
      )
      .optional()
      .describe('what the request asked that the engine did not do, and why (docs/product.md#capabilities)'),
    approximated: z
      .array(
        z.object({
          ask: z.enum(ALL_ASKS as [Ask, ...Ask[]]),
          reason: z.enum(SUPPORT_REASONS).optional(),
          note: z.string().optional(),
        }),
      )
      .optional()
      .describe('what the request asked that the engine did only approximately, and how'),
    steps: z
      .array(z.enum(STEP_NAMES as [Step, ...Step[]]))
      .optional()
      .describe('the steps that ran, when not all'),
    width: z.number().int().optional(),
    height: z.number().int().optional(),
    draft: z.boolean().optional(),
    changedArea: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe(
        'an edit of its input (inpaint, Ask Parti, cleaning only): the share of pixels (0–1) that differ from the source, a channel moving more than 8 of 255 levels (docs/product.md#masked-edits)',
      ),
    note: z
      .string()
      .optional()
      .describe('why a later phase failed while an earlier one was delivered, in English (see failure)'),
    operations: z.array(z.string()).optional(),
    /** Ask Parti: parts of the request not done, in the user's words, with a reason id to translate */
    refused: z
      .array(z.object({ words: z.string(), reason: z.string(), operation: z.string().optional() }))
      .optional(),
    /** Ask Parti: parts the user asked to leave alone, with the operation id when one was named */
    kept: z.array(z.object({ words: z.string(), operation: z.string().optional() })).optional(),
    notes: z
      .array(
        z.union([
          z.object({
            id: z.enum(NOTE_IDS as [NoteId, ...NoteId[]]),
            params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
          }),
          z.string(),
        ]),
      )
      .optional()
      .describe('what the engines said about the result, as note ids (older rows: English sentences)'),
    conversationId: z.string().optional(),
    variation: z
      .object({ index: z.number().int().min(0), count: z.number().int().min(1) })
      .optional()
      .describe(
        'one of several variations asked for at once: its place (from 0) and how many (batchId groups them)',
      ),
    compare: z
      .object({ engine: z.string() })
      .optional()
      .describe(
        'one cell of "Compare engines": the engine it was asked of (docs/product.md#compare-engines)',
      ),
    sameAs: z
      .string()
      .optional()
      .describe(
        'a variation byte for byte the same as this earlier result of its request: kept, not charged (docs/product.md#variations)',
      ),
    fidelity: FidelityReport.optional(),
    failure: z
      .array(
        z.object({
          id: z.string(),
          params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        }),
      )
      .optional()
      .describe(
        'why a failed job failed, as reason ids with parameters (FAILURES); `error` holds the English',
      ),
  })
  .catchall(z.unknown())
export type GenerationMetadata = z.infer<typeof GenerationMetadata>

/**
 * What made a result (docs/product.md#recipe): enough to make it again exactly on the local engine (same seed,
 * same bytes) and as closely as the engine allows on a hosted one.
 */
export const Recipe = z
  .object({
    engine: z.string().nullable().describe('the engine of the last step; null until the job ran'),
    model: z.string().nullable().describe('the model and its version, as the engine names it'),
    steps: z
      .array(
        z.object({ step: z.enum(STEP_NAMES as [Step, ...Step[]]), engine: z.string(), model: z.string() }),
      )
      .describe('each step that ran, on which engine and model'),
    seed: z.number().int().nullable(),
    prompt: z.string().nullable().describe('the prompt as sent to the engine'),
    negativePrompt: z.string().nullable(),
    style: z.object({ id: z.string(), name: z.string() }).nullable(),
    palette: z.object({ id: z.string(), name: z.string(), colors: z.array(z.string()) }).nullable(),
    customColors: z.array(z.string()).nullable(),
    options: z
      .record(z.string(), z.unknown())
      .describe("the kind's other settings: follow lines, room type, staging style and options, angle…"),
    maskUrl: z.string().nullable(),
    sourceGenerationId: z.string().nullable(),
    inputUrls: z.array(z.string()),
  })
  .meta({ id: 'Recipe' })
export type Recipe = z.infer<typeof Recipe>

/** A generation (docs/product.md#generation), as the API returns it. Timestamps are ISO 8601 strings. */
export const Generation = z
  .object({
    id: z.string(),
    userId: z.string(),
    type: MediaType,
    generationType: GenerationType,
    mode: GenerationMode,
    status: GenerationStatus,
    progress: z.number().min(0).max(1),
    creditsCost: z.number().int(),
    charge: ChargeState.describe(
      'held while the job runs; then charged, partly_charged or not_charged (docs/product.md#credit-holds)',
    ),
    creditsCharged: z.number().int().describe('credits captured; 0 while held and when not charged'),
    deleted: z.boolean(),
    favorite: z.boolean(),
    prompt: z.string(),
    userPrompt: z.string(),
    enhancedPrompt: z.string().nullable(),
    videoPrompt: z.string().nullable(),
    styleId: z.string().nullable(),
    colorPaletteId: z.string().nullable(),
    engine: z.string().nullable(),
    model: z.string().nullable(),
    inputImageUrl: z.string().nullable(),
    inputImageUrls: z.array(z.string()),
    sourceGenerationId: z.string().nullable(),
    sourceImageUrl: z.string().nullable(),
    outputImageUrl: z.string().nullable(),
    outputVideoUrl: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    processingTime: z.number().int().nullable().describe('milliseconds the engine worked'),
    batchId: z.string().nullable().describe('the request it was made in, shared by its variations or angles'),
    seed: z.number().int().nullable().describe('the seed it was made with (docs/product.md#variations)'),
    picked: z.boolean().describe('the variation the user kept from its request'),
    recipe: Recipe.nullable().describe('what made it; null for results made before recipes were kept'),
    projectId: z.string().nullable().describe('the project it belongs to (docs/product.md#projects)'),
    error: z
      .string()
      .nullable()
      .describe('why the job failed, in English; metadata.failure holds the same as reason ids to translate'),
    errorCode: z
      .string()
      .nullable()
      .describe(
        'invalid_input | unsupported_request | provider_failed | timeout | lease_expired | cancelled…',
      ),
    metadata: GenerationMetadata,
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'Generation' })
export type Generation = z.infer<typeof Generation>

export const GenerationsQuery = z.object({
  generationType: GenerationType.optional(),
  type: MediaType.optional(),
  mode: GenerationMode.optional(),
  favorite: z.enum(['true', 'false']).optional(),
  status: GenerationStatus.optional(),
  projectId: z.uuid().optional().describe('only the generations of this project'),
  batchId: z
    .uuid()
    .optional()
    .describe('only the results of this request: its variations or angles (docs/product.md#variations)'),
  q: z.string().max(TEXT_LIMITS.search).optional().describe('search in the prompt text'),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  variations: z
    .enum(['all', 'picked'])
    .optional()
    .describe("picked: of a request's variations only the one kept (or, none kept yet, the first)"),
  limit: z.coerce.number().int().min(1).max(GENERATIONS_LIMIT).default(GENERATIONS_LIMIT),
  cursor: z.string().max(200).optional().describe('nextCursor of the previous page'),
})
export type GenerationsQuery = z.infer<typeof GenerationsQuery>

export const GenerationsResponse = z.object({
  generations: z.array(Generation),
  nextCursor: z.string().nullable(),
})
export type GenerationsResponse = z.infer<typeof GenerationsResponse>

// an id is 36 characters and a comma; 40 a piece leaves room for spaces
export const StatusQuery = z.object({
  ids: z
    .string()
    .min(1)
    .max(MAX_STATUS_IDS * 40)
    .describe(`comma-separated generation ids, at most ${MAX_STATUS_IDS}`),
})
export const StatusResponse = z.object({ generations: z.array(Generation) })

export const GenerationResponse = z.object({ generation: Generation })
export const GenerationsCreatedResponse = z.object({
  generations: z.array(Generation),
  batchId: z.string().nullable(),
})
/** What a render call answers (202): one job, or several under their batch id (multi-angle, a Pro batch). */
export const RenderStartedResponse = z.union([GenerationResponse, GenerationsCreatedResponse])

export const FavoriteRequest = z.object({ favorite: z.boolean() })
/**
 * The versions tree a result belongs to (docs/product.md#versions): its first source still there (the root),
 * and every result made from it and from those, oldest first by depth; each one's parent is its
 * sourceGenerationId. Siblings share a parent.
 */
export const LineageResponse = z.object({
  rootId: z.string(),
  generations: z.array(Generation),
  truncated: z.boolean().describe('the tree has more results than one answer holds (500)'),
})
export type LineageResponse = z.infer<typeof LineageResponse>

/** "Run again": the same recipe, on the engine that made it or another that serves the kind. */
export const RunAgainRequest = z.object({
  engine: EngineId.optional().describe(
    'another engine that serves every step of the kind; absent: as before',
  ),
})
/** Picking a variation: the request's variations as they now stand, the picked one among them. */
export const GenerationsPickedResponse = z.object({ generations: z.array(Generation) })
export const IdParams = z.object({ id: z.string().min(1).max(100) })

export const JobCounts = z.object({
  chatEdit: z.number().int(),
  video: z.number().int(),
  sketchRender: z.number().int(),
  homeStaging: z.number().int(),
})
export type JobCounts = z.infer<typeof JobCounts>

export const UserStats = z
  .object({
    inProgress: JobCounts,
    totalInProgress: z.number().int(),
    totals: z.object({
      generations: z.number().int(),
      images: z.number().int(),
      videos: z.number().int(),
      favorites: z.number().int(),
      completed: z.number().int(),
      failed: z.number().int(),
      creditsSpent: z.number().int(),
    }),
  })
  .meta({ id: 'UserStats' })
export type UserStats = z.infer<typeof UserStats>
export const StatsResponse = z.object({ stats: UserStats })

export const CreditTransaction = z
  .object({
    id: z.string(),
    kind: CreditTransactionKind,
    amount: z.number().int().describe('positive adds credits, negative takes them'),
    held: z
      .number()
      .int()
      .describe('the change to the credits on hold: a hold adds, its capture and release take away'),
    charge: ChargeState.nullable().describe("where the row's job stands (hold, capture, release); else null"),
    balanceAfter: z.number().int(),
    description: z.string(),
    generationId: z.string().nullable(),
    mode: GenerationMode.nullable().describe("the kind of the row's job, so a screen can name it; else null"),
    createdAt: z.string(),
  })
  .meta({ id: 'CreditTransaction' })
export type CreditTransaction = z.infer<typeof CreditTransaction>

const transactionsFilter = {
  kind: CreditTransactionKind.optional().describe('only rows of this ledger kind'),
  from: z.iso.datetime({ offset: true }).optional().describe('rows at or after this instant'),
  to: z.iso.datetime({ offset: true }).optional().describe('rows before this instant'),
}
const fromNotAfterTo = (q: { from?: string; to?: string }) =>
  !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to)
const fromNotAfterToError = { message: 'from must not be after to', path: ['from'] }

/** The filters of the credit history (docs/product.md#credit-history): its CSV takes these. */
export const TransactionsFilter = z.object(transactionsFilter).refine(fromNotAfterTo, fromNotAfterToError)
export type TransactionsFilter = z.infer<typeof TransactionsFilter>
/** A page of the credit history: the filters, a page size and the cursor of the page before. */
export const TransactionsQuery = z
  .object({
    ...transactionsFilter,
    limit: z.coerce.number().int().min(1).max(TRANSACTIONS_LIMIT).default(TRANSACTIONS_LIMIT),
    cursor: z.string().max(200).optional().describe('nextCursor of the previous page'),
  })
  .refine(fromNotAfterTo, fromNotAfterToError)
export type TransactionsQuery = z.infer<typeof TransactionsQuery>
export const TransactionsResponse = z.object({
  transactions: z.array(CreditTransaction),
  /** the next, older page; null on the last */
  nextCursor: z.string().nullable(),
})
export type TransactionsResponse = z.infer<typeof TransactionsResponse>

/**
 * Time estimates from recent completed jobs of the same kind and engine
 * (docs/decisions/0016-measured-processing-time-estimates.md: no fixed copy).
 */
export const EstimatesResponse = z.object({
  estimates: z.array(
    z.object({
      mode: GenerationMode,
      engine: z.string(),
      medianMs: z.number().int(),
      samples: z.number().int(),
    }),
  ),
})
