import { z } from 'zod'
import { CallbackUrl } from './api-keys.ts'
import {
  DEFAULT_UPSCALE_FACTOR,
  LIGHT_STRENGTH_DEFAULT,
  MAX_COMPARE_ENGINES,
  MAX_VARIATIONS,
  PDF_MAX_PAGES,
  SKY_MOODS,
  TEXT_LIMITS,
  UPLOAD_FORMATS,
  type UploadFormat,
} from './constants.ts'
import {
  Angle,
  CameraMovement,
  EngineId,
  RoomType,
  StagingOption,
  StagingStyle,
  VideoDuration,
} from './enums.ts'
import { FOLLOW_LINES } from './fidelity.ts'
import { type Kind, RENDER_START_KINDS } from './kinds.ts'
import { MATERIAL_IDS } from './paint/materials.ts'
import { UPSCALE_FACTORS } from './values.ts'

/** Multipart text fields arrive as strings; lists may be JSON arrays or comma lists. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined
    if (Array.isArray(v)) return v
    if (typeof v === 'string') {
      const s = v.trim()
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s)
        } catch {
          return v
        }
      }
      return s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    }
    return v
  }, z.array(item).optional())

const boolish = z.preprocess(
  (v) =>
    v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' || v === false ? false : v,
  z.boolean().optional(),
)
const duration = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
  VideoDuration.optional(),
)
const json = z.preprocess((v) => {
  if (typeof v !== 'string' || v === '') return v === '' ? undefined : v
  try {
    return JSON.parse(v)
  } catch {
    return v
  }
}, z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional())

/** Which page of an uploaded PDF is the input (1-based; the first when absent). */
export const PdfPage = z
  .preprocess(
    (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number().int().min(1).max(PDF_MAX_PAGES).optional(),
  )
  .describe(
    'with a PDF upload: the page to use, 1-based (docs/product.md#validation-upload); the first when absent',
  )

const optionalText = (max: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.string().max(max).optional())

export const RenderStartKind = z.enum(RENDER_START_KINDS)
export type RenderStartKind = z.infer<typeof RenderStartKind>

/**
 * Text fields of `POST /render/start` (docs/product.md#render-request). Files: `sketch` (sketch render,
 * multi-angle), `image` (home staging, chat edit), `maskData` (file part or data URL).
 */
export const RenderStartFields = z.object({
  generationType: RenderStartKind.default('sketch-render'),
  userPrompt: z.string().max(TEXT_LIMITS.prompt).default(''),
  styleId: optionalText(100),
  colorPaletteId: optionalText(100),
  customColors: list(z.string().regex(/^#[0-9a-fA-F]{6}$/)).pipe(z.array(z.string()).max(8).optional()),
  settings: json,
  useControlNet: boolish,
  enhancedPrompt: optionalText(4000),
  maskData: optionalText(15_000_000),
  angles: list(Angle),
  roomType: z.preprocess((v) => (v === '' ? undefined : v), RoomType.optional()),
  stagingOptions: list(StagingOption),
  stagingStyle: z.preprocess((v) => (v === '' ? undefined : v), StagingStyle.optional()),
  imageUrl: optionalText(2000),
  sourceGenerationId: optionalText(100),
  conversationId: optionalText(100),
  duration,
  cameraMovement: z.preprocess((v) => (v === '' ? undefined : v), CameraMovement.optional()),
  followLines: z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(FOLLOW_LINES).optional())
    .describe(
      'sketch render, multi-angle, staging: how closely to keep the input lines (docs/product.md#follow-lines); balanced when absent',
    ),
  variations: z
    .preprocess(
      (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
      z.number().int().min(1).max(MAX_VARIATIONS).optional(),
    )
    .describe(
      `sketch render, home staging, chat edit: how many variations to make, 1–${MAX_VARIATIONS} (docs/product.md#variations); each is its own generation, priced on its own`,
    ),
  engine: z
    .preprocess((v) => (v === '' ? undefined : v), EngineId.optional())
    .describe(
      "run on this engine rather than the configured one: one of the kind's `engines` in GET /api/capabilities, e.g. the built-in grade beside a hosted photoreal edit (docs/product.md#engine-choice); absent: the configured one",
    ),
  engines: list(EngineId)
    .pipe(z.array(EngineId).min(2).max(MAX_COMPARE_ENGINES).optional())
    .describe(
      `compare engines: the same request run once on each of these (comma-separated, 2–${MAX_COMPARE_ENGINES}), each its own generation, held as one total (docs/product.md#compare-engines)`,
    ),
  upscaleFactor: z
    .preprocess(
      (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
      z.union([z.literal(UPSCALE_FACTORS[0]), z.literal(UPSCALE_FACTORS[1])]).optional(),
    )
    .describe(
      `upscale: how many times larger on each side, ${UPSCALE_FACTORS.join(' or ')} (docs/decisions/0115-upscale.md); ${DEFAULT_UPSCALE_FACTOR} when absent`,
    ),
  pdfPage: PdfPage,
  projectId: z
    .preprocess((v) => (v === '' ? undefined : v), z.uuid().optional())
    .describe('the project the results land in (docs/product.md#projects); one of your projects'),
  strength: z
    .preprocess(
      (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
      z.number().int().min(0).max(100).optional(),
    )
    .describe(
      `better light: how much of the correction to apply, 0–100 % (docs/decisions/0109-light.md); ${LIGHT_STRENGTH_DEFAULT} when absent`,
    ),
  sky: z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(SKY_MOODS).optional())
    .describe('new sky: blue, golden (hour) or dusk (docs/decisions/0110-sky-and-dusk.md); blue when absent'),
  blurBoxes: optionalText(20_000).describe(
    'privacy: JSON list of the face boxes to blur, each {x, y, w, h} as fractions of the picture (from POST /render/detect); absent: every face found is blurred (docs/decisions/0111-privacy-blur.md)',
  ),
  paintColor: optionalText(60).describe(
    'repaint: #rrggbb, RAL Classic (RAL 7035), NCS (NCS S 1050-Y90R) or a RAL colour name (docs/decisions/0112-repaint-exact-colours.md)',
  ),
  material: z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(MATERIAL_IDS).optional())
    .describe(
      `repaint: a material from the library instead of a colour (${MATERIAL_IDS.join(', ')}); exactly one of paintColor and material (docs/decisions/0120-repaint-materials.md)`,
    ),
  paintPoint: optionalText(40).describe(
    'repaint: "x,y" as fractions of the picture, the click inside the wall, floor or ceiling; maskData (lasso) bounds it or replaces it',
  ),
  /** with an API key: POSTed the job's status when it ends (docs/product.md#api-webhooks) */
  callbackUrl: z.preprocess((v) => (v === '' ? undefined : v), CallbackUrl.optional()),
})
export type RenderStartFields = z.infer<typeof RenderStartFields>

/**
 * Fields of `POST /render/start` that only some kinds read. Sent with another kind they would change nothing,
 * so the server refuses them rather than take credits for a choice it ignores (docs/product.md#render-request).
 */
export const KIND_ONLY_FIELDS = {
  strength: ['light'],
  sky: ['sky'],
  upscaleFactor: ['upscale'],
  blurBoxes: ['privacy'],
  paintColor: ['repaint'],
  material: ['repaint'],
  paintPoint: ['repaint'],
} as const satisfies Partial<Record<keyof RenderStartFields, readonly Kind[]>>

/** `POST /render/animate`: JSON body, or the same names as multipart text fields with an `image` file. */
export const AnimateFields = z.object({
  imageUrl: optionalText(2000),
  description: z.string().max(TEXT_LIMITS.prompt).default(''),
  duration,
  cameraMovement: z.preprocess((v) => (v === '' ? undefined : v), CameraMovement.optional()),
  sourceGenerationId: optionalText(100),
  pdfPage: PdfPage,
  projectId: z
    .preprocess((v) => (v === '' ? undefined : v), z.uuid().optional())
    .describe('the project the results land in (docs/product.md#projects); one of your projects'),
  /** with an API key: POSTed the job's status when it ends (docs/product.md#api-webhooks) */
  callbackUrl: z.preprocess((v) => (v === '' ? undefined : v), CallbackUrl.optional()),
})
export type AnimateFields = z.infer<typeof AnimateFields>

/** `POST /render/inpainting` multipart: `image` file (or sourceGenerationId), `maskData`, `prompt`. */
export const InpaintFields = z.object({
  prompt: z.string().max(TEXT_LIMITS.prompt).default(''),
  maskData: optionalText(15_000_000),
  sourceGenerationId: optionalText(100),
  conversationId: optionalText(100),
  pdfPage: PdfPage,
  /** with an API key: POSTed the job's status when it ends (docs/product.md#api-webhooks) */
  callbackUrl: z.preprocess((v) => (v === '' ? undefined : v), CallbackUrl.optional()),
})
export type InpaintFields = z.infer<typeof InpaintFields>

/**
 * `POST /render/upload-preview`: what a browser cannot show of a file before it is sent (HEIC, TIFF, a PDF's
 * pages), as small JPEG data URLs; a PDF lists its pages for the picker (docs/decisions/0100-phone-and-drawing-inputs.md).
 */
export const UploadPreviewResponse = z.object({
  format: z.enum(Object.keys(UPLOAD_FORMATS) as [UploadFormat, ...UploadFormat[]]),
  /** pages of a PDF (1 for a picture); previews stop at PDF_MAX_PAGES */
  pages: z.number().int().min(1),
  previews: z.array(z.string()),
})
export type UploadPreviewResponse = z.infer<typeof UploadPreviewResponse>

/** A box as a fraction of the picture (0–1), left and top from the top-left corner. */
export const FractionBox = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  w: z.number().min(0).max(1),
  h: z.number().min(0).max(1),
})
export type FractionBox = z.infer<typeof FractionBox>

/**
 * `POST /render/detect`: what the built-in engine finds in a photo before anything is bought, free and stored
 * nowhere — the faces to blur, each with its score (docs/decisions/0111-privacy-blur.md), or the surface a click
 * picks for a repaint, as a PNG mask (docs/decisions/0112-repaint-exact-colours.md).
 */
export const DetectResponse = z.object({
  width: z.number().int(),
  height: z.number().int(),
  faces: z.array(FractionBox.extend({ score: z.number() })),
  surface: z
    .object({
      /** data URL of a PNG mask at the picture's own size or smaller, white where the surface is */
      mask: z.string(),
      /** fraction of the picture the surface covers */
      share: z.number(),
      /** what it most likely is, from where it lies: the screen offers the materials that fit it */
      kind: z.enum(['floor', 'wall', 'ceiling']),
    })
    .nullable(),
})
export type DetectResponse = z.infer<typeof DetectResponse>
