import { z } from 'zod'
import { TEXT_LIMITS } from './constants.ts'
import { CameraMovement, RoomType, StagingOption, StagingStyle, VideoDuration } from './enums.ts'
import { Generation } from './generation.ts'
import { type Kind, LISTING_KINDS, STEP_NAMES, type Step } from './kinds.ts'

// Projects (docs/product.md#projects) and the MLS boards whose rules an export follows (docs/mls.md,
// docs/decisions/0105-mls-rules-applied-at-export.md).

/** A board's rule for a label burnt into staged photos at export. */
export const MLS_LABEL_RULES = ['required', 'forbidden', 'optional'] as const
export type MlsLabelRule = (typeof MLS_LABEL_RULES)[number]
/** Where the unaltered original goes beside its staged version in an export. */
export const ORIGINAL_PLACEMENTS = ['before', 'after', 'none'] as const
export type OriginalPlacement = (typeof ORIGINAL_PLACEMENTS)[number]
/**
 * Edits a board forbids: `structure` (the staged photo's structure check found the room changed),
 * `permanent_features` (walls repainted), `landscaping` and `exterior_staging` (Parti stages interiors only, so
 * these hold by construction), `primary_altered` (the first photo of the export must be an unaltered one).
 */
export const FORBIDDEN_EDITS = [
  'structure',
  'permanent_features',
  'landscaping',
  'exterior_staging',
  'primary_altered',
] as const
export type ForbiddenEdit = (typeof FORBIDDEN_EDITS)[number]

const boardFields = {
  name: z.string().trim().min(1).max(TEXT_LIMITS.name),
  region: z.string().trim().max(TEXT_LIMITS.name),
  label: z.enum(MLS_LABEL_RULES),
  labelText: z.string().trim().max(TEXT_LIMITS.name),
  labelHeightShare: z.number().min(0).max(0.25).describe('the label band: a share of the image height'),
  captionText: z.string().trim().max(TEXT_LIMITS.subject),
  remarksPrefix: z.string().trim().max(TEXT_LIMITS.subject),
  originalPlacement: z.enum(ORIGINAL_PLACEMENTS),
  originalLink: z.boolean().describe('a public page with the unaltered original, linked from the captions'),
  qrAllowed: z.boolean(),
  forbiddenEdits: z.array(z.enum(FORBIDDEN_EDITS)).max(FORBIDDEN_EDITS.length),
  privacyRequired: z
    .boolean()
    .describe(
      'faces must be blurred before publishing: every exported photo descends from a privacy blur or shows no face',
    ),
  source: z.string().trim().min(1).max(TEXT_LIMITS.subject),
  checkedAt: z.iso.date().describe('when the rules were last read at their source'),
}

export const MlsBoard = z.object({ id: z.string(), ...boardFields }).meta({ id: 'MlsBoard' })
export type MlsBoard = z.infer<typeof MlsBoard>
/** PUT /admin/mls-boards/{id}: the whole profile; a required label needs its text and a height. */
export const MlsBoardInput = z
  .object(boardFields)
  .refine((b) => b.label !== 'required' || (b.labelText !== '' && b.labelHeightShare > 0), {
    message: 'a required label needs its text and a height',
    path: ['labelText'],
  })
export type MlsBoardInput = z.infer<typeof MlsBoardInput>
export const MlsBoardsResponse = z.object({ boards: z.array(MlsBoard) })
export const MlsBoardResponse = z.object({ board: MlsBoard })

const projectFields = {
  name: z.string().trim().min(1).max(TEXT_LIMITS.name),
  reference: z.string().trim().max(TEXT_LIMITS.subject).default('').describe('the address or a reference'),
  client: z.string().trim().max(TEXT_LIMITS.name).default(''),
  notes: z.string().trim().max(TEXT_LIMITS.message).default(''),
  boardId: z.string().max(100).nullable().default(null).describe('the MLS board its exports follow'),
  privacyRequired: z
    .boolean()
    .default(false)
    .describe(
      "its exports need faces blurred even where its board does not ask (as a board's privacyRequired)",
    ),
}

export const Project = z
  .object({
    id: z.string(),
    name: z.string(),
    reference: z.string(),
    client: z.string(),
    notes: z.string(),
    boardId: z.string().nullable(),
    published: z.boolean().describe('while true, the public pages of its originals answer'),
    privacyRequired: z.boolean().describe('its exports need faces blurred even where its board does not ask'),
    generations: z.number().int().describe('how many of your generations it holds'),
    coverUrl: z.string().nullable().describe('the newest image result, for its card'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Project' })
export type Project = z.infer<typeof Project>

export const ProjectInput = z.object(projectFields)
export type ProjectInput = z.input<typeof ProjectInput>
export const ProjectsResponse = z.object({ projects: z.array(Project) })
export const ProjectResponse = z.object({ project: Project })

/** A source photo of a project and every version made from it, oldest first (cleaned, staged, videos…). */
export const ProjectSource = z.object({
  inputUrl: z.string().nullable().describe('the photo as uploaded; null for results made from text alone'),
  versions: z.array(Generation),
})
export type ProjectSource = z.infer<typeof ProjectSource>
export const ProjectDetailResponse = z.object({ project: Project, sources: z.array(ProjectSource) })
export type ProjectDetailResponse = z.infer<typeof ProjectDetailResponse>

export const AssignProjectRequest = z.object({
  projectId: z.uuid().nullable().describe('the project to move it to; null takes it out of its project'),
})
export const CopyToProjectRequest = z.object({ projectId: z.uuid() })
export const PublishProjectRequest = z.object({ published: z.boolean() })

// A whole listing in one go (docs/decisions/0117-whole-listing-batch.md): N photos of a project, the steps to run
// on each, one itemised quote, then one hold for the total and one job per photo and step.

/** The most photos one listing batch takes (a listing is 10 to 30). */
export const MAX_LISTING_PHOTOS = 30

export const ListingPhoto = z.object({
  generationId: z.uuid().describe("a result in the project: the photo is that job's source, as uploaded"),
  room: z
    .string()
    .trim()
    .max(60)
    .default('')
    .describe('photos tagged with the same room are staged with the same style, palette, options and seed'),
  roomType: RoomType.optional().describe("the room's type; the first photo of a room sets it for the room"),
  video: z
    .boolean()
    .default(false)
    .describe('make a video of this photo when a video kind is among the steps'),
})
export type ListingPhoto = z.infer<typeof ListingPhoto>

export const ListingStep = z.object({
  kind: z.enum(LISTING_KINDS as [Kind, ...Kind[]]),
  steps: z
    .array(z.enum(STEP_NAMES as [Step, ...Step[]]))
    .min(1)
    .optional()
    .describe("only these of the kind's engine steps (e.g. staging's cleaning alone); all when absent"),
})
export type ListingStep = z.infer<typeof ListingStep>

export const ListingBatchRequest = z.object({
  photos: z.array(ListingPhoto).min(1).max(MAX_LISTING_PHOTOS),
  steps: z
    .array(ListingStep)
    .min(1)
    .max(LISTING_KINDS.length * 2),
  stagingStyle: StagingStyle.default('modern').describe('one style for the whole listing'),
  colorPaletteId: z.string().max(100).optional().describe('one palette for the whole listing'),
  stagingOptions: z.array(StagingOption).max(20).default([]),
  duration: VideoDuration.optional(),
  cameraMovement: CameraMovement.optional(),
  expectedTotal: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      'running: the quoted total; a different total now refuses the run (409) before anything is held',
    ),
})
export type ListingBatchRequest = z.input<typeof ListingBatchRequest>

/** One line of a listing's quote: a photo, a kind, the engine step and its credits. */
export const ListingQuoteLine = z.object({
  generationId: z.string(),
  room: z.string(),
  kind: z.string(),
  step: z.string(),
  phase: z.string().nullable(),
  engine: z.string(),
  credits: z.number().int(),
  notes: z.array(z.string()).describe('what will not be done or only approximately, in English'),
  reasons: z
    .array(z.string())
    .describe(
      'the same, as reason ids a screen translates (one per note, in order; empty when a note has none)',
    ),
})
export const ListingQuoteRefusal = z.object({
  generationId: z.string(),
  kind: z.string(),
  reason: z.string(),
  message: z.string(),
})
export const ListingQuoteResponse = z
  .object({
    lines: z.array(ListingQuoteLine),
    refused: z.array(ListingQuoteRefusal).describe('photo and kind pairs that would not run, at no charge'),
    total: z.number().int(),
    balance: z.number().int(),
    rooms: z.array(z.object({ room: z.string(), photos: z.number().int(), reference: z.boolean() })),
    referenceNote: z.string().describe('whether the first staged photo of a room guides the others, and why'),
  })
  .meta({ id: 'ListingQuote' })
export type ListingQuoteResponse = z.infer<typeof ListingQuoteResponse>
export const ListingBatchResponse = z.object({
  batchId: z.string(),
  total: z.number().int(),
  generations: z.array(Generation),
})
