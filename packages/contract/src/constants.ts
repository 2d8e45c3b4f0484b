import type { PlanName, VideoDuration } from './enums.ts'
import type { UpscaleFactor } from './values.ts'

// Business constants and limits (docs/product.md#limits, docs/product.md#credits). Money is integer EUR
// cents; credits are integers.
export const COSTS = {
  image: 20,
  video: { 6: 200, 10: 300 } as Record<VideoDuration, number>,
  perAngle: 20,
  staging: { cleaning: 20, staging: 20 },
  /** straighten verticals: a measured correction, no model (docs/decisions/0101-straighten-verticals.md) */
  straighten: 5,
  /** upscale, by factor: the local engine's CPU time, not a hosted model (docs/decisions/0115-upscale.md) */
  upscale: { 2: 10, 4: 20 } as Record<UpscaleFactor, number>,
  /** better light: a measured grade, no model (docs/decisions/0109-light.md) */
  light: 5,
  /** a new sky: found by the photo's lines, painted and graded (docs/decisions/0110-sky-and-dusk.md) */
  sky: 10,
  /** day to dusk: the dusk sky, a darker grade and the windows lit (docs/decisions/0110-sky-and-dusk.md) */
  dusk: 10,
  /** faces and lassoed areas blurred: detection is free, the blur a small CPU job (docs/decisions/0111-privacy-blur.md) */
  privacy: 2,
  /** a surface repainted in an exact colour, measured by CIEDE2000 (docs/decisions/0112-repaint-exact-colours.md) */
  repaint: 10,
} as const

/** better light: the share of the correction applied when the request names none (docs/decisions/0109-light.md) */
export const LIGHT_STRENGTH_DEFAULT = 70

/** the skies a photo's sky can be replaced with (docs/decisions/0110-sky-and-dusk.md) */
export const SKY_MOODS = ['blue', 'golden', 'dusk'] as const
export type SkyMood = (typeof SKY_MOODS)[number]

export const STAGING_COST = COSTS.staging.cleaning + COSTS.staging.staging

export const LOW_CREDIT_THRESHOLD = 100
export const CREDITS_PER_EUR = 200
export const MIN_A_LA_CARTE_EUR = 1
/** Largest à la carte purchase, in euros: a typo of a few zeros should not reach a card. */
export const MAX_A_LA_CARTE_EUR = 5_000
export const A_LA_CARTE_TIERS = [
  { amountEur: 5, credits: 1000 },
  { amountEur: 25, credits: 5000 },
  { amountEur: 50, credits: 10000 },
] as const

export const PLAN_CATALOGUE: Record<
  PlanName,
  {
    priceMonthlyCents: number
    priceYearlyMonthlyCents: number
    priceYearlyCents: number
    monthlyCredits: number
  }
> = {
  lite: {
    priceMonthlyCents: 1200,
    priceYearlyMonthlyCents: 960,
    priceYearlyCents: 11520,
    monthlyCredits: 2400,
  },
  standard: {
    priceMonthlyCents: 3900,
    priceYearlyMonthlyCents: 3120,
    priceYearlyCents: 37440,
    monthlyCredits: 7800,
  },
  pro: {
    priceMonthlyCents: 9900,
    priceYearlyMonthlyCents: 7900,
    priceYearlyCents: 94800,
    monthlyCredits: 19800,
  },
}
export const YEARLY_DISCOUNT_PERCENT = 20

export const DEFAULT_VIDEO_DURATION: VideoDuration = 6
export const DEFAULT_UPSCALE_FACTOR: UpscaleFactor = 2
/**
 * The largest picture an upscale makes (docs/decisions/0115-upscale.md): 24 megapixels and 8192 px on its long
 * side. So 2× takes up to 6 MP (an A4 at 300 dpi becomes an A3 and more), 4× up to 1.5 MP; beyond, the request
 * is refused before anything is charged. On two cores 2× runs at about 25 s a megapixel of input.
 */
export const UPSCALE_LIMITS = { maxOutputPixels: 24_000_000, maxOutputSide: 8192 } as const
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024
/**
 * Largest decoded image we accept: 40 megapixels, the largest photo a phone makes (a 10 MB PNG can otherwise
 * decode to gigabytes). The upload check and every engine decode with this one cap.
 */
export const MAX_INPUT_PIXELS = 40_000_000
/** Smaller than this on either side there is nothing to render (docs/product.md#validation-upload). */
export const MIN_INPUT_SIDE = 64
/** An upload is decoded in full before anything is charged or stored, within this time (docs/product.md#validation-upload). */
export const DECODE_TIMEOUT_SECONDS = 10
/**
 * The files an upload may be (docs/decisions/0100-phone-and-drawing-inputs.md), judged by their bytes on the
 * server: PNG, JPEG and WebP are stored as they come; HEIC/HEIF, AVIF, TIFF and a PDF page are converted on
 * upload into a PNG or JPEG in sRGB with the orientation applied. `mime` and `ext` are the browser's first look.
 */
export const UPLOAD_FORMATS = {
  png: { label: 'PNG', mime: ['image/png'], ext: ['png'] },
  jpeg: { label: 'JPEG', mime: ['image/jpeg'], ext: ['jpg', 'jpeg'] },
  webp: { label: 'WebP', mime: ['image/webp'], ext: ['webp'] },
  heic: {
    label: 'HEIC',
    mime: ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'],
    ext: ['heic', 'heif'],
  },
  avif: { label: 'AVIF', mime: ['image/avif'], ext: ['avif'] },
  tiff: { label: 'TIFF', mime: ['image/tiff'], ext: ['tif', 'tiff'] },
  pdf: { label: 'PDF', mime: ['application/pdf'], ext: ['pdf'] },
} as const satisfies Record<string, { label: string; mime: readonly string[]; ext: readonly string[] }>
export type UploadFormat = keyof typeof UPLOAD_FORMATS
/** "PNG, JPEG, WebP, HEIC, AVIF, TIFF or PDF": the names the upload hint and the refusal give. */
export const UPLOAD_FORMAT_NAMES = (() => {
  const labels = Object.values(UPLOAD_FORMATS).map((f) => f.label)
  return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`
})()
/** The pages of an uploaded PDF the picker offers; the page asked for (`pdfPage`) is 1-based. */
export const PDF_MAX_PAGES = 50
/** A PDF page is drawn with this many pixels on its longer side (within MAX_INPUT_PIXELS). */
export const PDF_RENDER_LONG_SIDE = 2048
/** Longest text each kind of field takes: the schemas refuse more, and the web's inputs stop there. */
export const TEXT_LIMITS = {
  /** what a user asks for (prompt, description), and a style's prompts */
  prompt: 2000,
  /** a person's name */
  name: 120,
  /** the longest address mail servers accept */
  email: 254,
  subject: 200,
  message: 5000,
  /** the gallery's search */
  search: 200,
  styleName: 80,
  styleCategory: 60,
  planFeature: 120,
  /** a payment provider's price id */
  priceId: 200,
} as const
export const POLL_INTERVAL_MS = 5_000
export const PERSISTENT_JOB_EXPIRY_MS = 10 * 60_000
/** Page size of GET /user/generations: its default and its largest value. */
export const GENERATIONS_LIMIT = 100
/** Page size of GET /user/credits/transactions: its default and its largest value. */
export const TRANSACTIONS_LIMIT = 50
export const HEALTH_TIMEOUT_MS = 5_000
export const CLIENT_TIMEOUT_MS = 120_000
export const ANIMATE_TIMEOUT_MS = 300_000
export const MIN_PASSWORD_LENGTH = 8
/** Most generation ids one status poll may ask about. */
export const MAX_STATUS_IDS = 100
/** Most sketches one Pro batch may carry (batch processing is a Pro benefit; everyone else sends one). */
export const PRO_BATCH_LIMIT = 10
export const DEFAULT_FREE_CREDITS = 200
/**
 * Most variations one request may ask for; each is its own job with its own seed, priced on its own
 * (docs/decisions/0097-variations-one-hold-many-jobs.md).
 */
export const MAX_VARIATIONS = 4
/** how many engines one "Compare engines" request may run side by side (docs/product.md#compare-engines) */
export const MAX_COMPARE_ENGINES = 3
/** The seed of a single render and of a request's first variation: the local engine's look as designed. */
export const DEFAULT_SEED = 1847
/**
 * A request's variations draw seeds of different families (seed mod SEED_FAMILIES), so an engine that varies by
 * family (the local engine's light direction) makes every variation visibly its own.
 */
export const SEED_FAMILIES = 4
export const MINIMUM_AGE = 13
