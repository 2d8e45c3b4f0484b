// The generation kinds and the engine steps they run: one definition each, everything else derived from here
// (docs/architecture.md#vocabulary). No zod here: the landing page imports these values.
import { COSTS, DEFAULT_UPSCALE_FACTOR, DEFAULT_VIDEO_DURATION } from './constants.ts'
import type { FailureId } from './failures.ts'
import {
  type GENERATION_TYPES,
  type MEDIA_TYPES,
  UPSCALE_FACTORS,
  type UpscaleFactor,
  VIDEO_DURATIONS,
} from './values.ts'

/**
 * A step is one engine call. `model` is the part of a hosted engine's model variable that names it
 * (`REPLICATE_MODEL_<model>[_PREMIUM|_EXPERIMENTAL]`); `media` picks the engine deadline (image or video);
 * `failure` is the reason id (FAILURES) the user reads when an engine fails it for good (docs/product.md#errors-generation);
 * `typicalMs` paces the progress bar of an engine that reports none.
 */
export const STEPS = {
  sketch: { model: 'SKETCH_RENDER', media: 'image', failure: 'render_failed', typicalMs: 15_000 },
  'multi-angle': {
    model: 'MULTI_ANGLE',
    media: 'image',
    failure: 'render_failed',
    typicalMs: 15_000,
  },
  // no message of its own in the product's catalogue: docs/decisions/0051-values-left-open.md
  'staging-clean': {
    model: 'STAGING_CLEAN',
    media: 'image',
    failure: 'room_photo_failed',
    typicalMs: 15_000,
  },
  'staging-stage': {
    model: 'STAGING_STAGE',
    media: 'image',
    failure: 'room_photo_failed',
    typicalMs: 20_000,
  },
  inpaint: { model: 'INPAINT', media: 'image', failure: 'inpaint_failed', typicalMs: 15_000 },
  'magic-edit': {
    model: 'CHAT_EDIT',
    media: 'image',
    failure: 'edit_failed',
    typicalMs: 20_000,
  },
  animate: { model: 'VIDEO', media: 'video', failure: 'video_failed', typicalMs: 120_000 },
  straighten: { model: 'STRAIGHTEN', media: 'image', failure: 'room_photo_failed', typicalMs: 4_000 },
  upscale: { model: 'UPSCALE', media: 'image', failure: 'upscale_failed', typicalMs: 30_000 },
  light: { model: 'LIGHT', media: 'image', failure: 'room_photo_failed', typicalMs: 3_000 },
  sky: { model: 'SKY', media: 'image', failure: 'room_photo_failed', typicalMs: 4_000 },
  dusk: { model: 'DUSK', media: 'image', failure: 'room_photo_failed', typicalMs: 5_000 },
  privacy: { model: 'PRIVACY', media: 'image', failure: 'room_photo_failed', typicalMs: 3_000 },
  repaint: { model: 'REPAINT', media: 'image', failure: 'room_photo_failed', typicalMs: 4_000 },
} as const satisfies Record<
  string,
  { model: string; media: (typeof MEDIA_TYPES)[number]; failure: FailureId; typicalMs: number }
>
export type Step = keyof typeof STEPS
export const STEP_NAMES = Object.keys(STEPS) as Step[]

/** How a failed job of a kind is announced in the app (a key of the web's failure notices). */
export type FailureNotice = 'render' | 'staging' | 'video' | 'inpaint' | 'chatEdit'

export interface KindInfo {
  /** the product's group for counters and filters */
  generationType: (typeof GENERATION_TYPES)[number]
  /** what the result is */
  type: (typeof MEDIA_TYPES)[number]
  /**
   * The engine steps, in order, with the credits each is worth: a later step that fails for good gives back
   * its own credits and the user keeps what the earlier ones made (docs/product.md#staging-phases).
   * A single step is worth the whole price, so its `credits` is null.
   */
  steps: readonly { step: Step; credits: number | null; phase?: string }[]
  /** how it is asked for: the render route, and on `/render/start` the value of its `generationType` field */
  request:
    | { path: '/render/start'; generationType: string }
    | { path: '/render/animate' | '/render/inpainting' }
  /** the environment variable that picks the engine for every step of the kind */
  engineSetting: `ENGINE_${string}`
  /** the feature as the engine settings' messages name it */
  feature: string
  /** the ledger's description of the debit */
  ledger: string
  failure: FailureNotice
  /** the request may ask for several variations, each its own job and seed (docs/product.md#variations) */
  variations?: true
  /** the request needs a choice made on each photo (a surface clicked, a colour): a whole listing cannot run it */
  choicePerPhoto?: true
}

/**
 * Every kind of job (the API's `mode`). A new kind starts here: the compiler then points at the tables
 * keyed by it (docs/extending.md#add-a-kind).
 */
export const KINDS = {
  sketch: {
    generationType: 'sketch-render',
    type: 'image',
    steps: [{ step: 'sketch', credits: null }],
    request: { path: '/render/start', generationType: 'sketch-render' },
    engineSetting: 'ENGINE_SKETCH_RENDER',
    feature: 'sketch render',
    ledger: 'Sketch render',
    variations: true,
    failure: 'render',
  },
  'multi-angle': {
    generationType: 'sketch-render',
    type: 'image',
    steps: [{ step: 'multi-angle', credits: null }],
    request: { path: '/render/start', generationType: 'multi-angle' },
    engineSetting: 'ENGINE_MULTI_ANGLE',
    feature: 'multi-angle views',
    ledger: 'Multi-angle view',
    failure: 'render',
  },
  staging: {
    generationType: 'home-staging',
    type: 'image',
    steps: [
      { step: 'staging-clean', credits: COSTS.staging.cleaning, phase: 'cleaning' },
      { step: 'staging-stage', credits: COSTS.staging.staging, phase: 'staging' },
    ],
    request: { path: '/render/start', generationType: 'home-staging' },
    engineSetting: 'ENGINE_HOME_STAGING',
    feature: 'home staging',
    ledger: 'Home staging',
    variations: true,
    failure: 'staging',
  },
  'magic-edit': {
    generationType: 'chat-edit',
    type: 'image',
    steps: [{ step: 'magic-edit', credits: null }],
    request: { path: '/render/start', generationType: 'chat-edit' },
    engineSetting: 'ENGINE_CHAT_EDIT',
    feature: 'chat edit (Ask Parti)',
    ledger: 'Magic edit',
    variations: true,
    failure: 'chatEdit',
  },
  inpaint: {
    generationType: 'chat-edit',
    type: 'image',
    steps: [{ step: 'inpaint', credits: null }],
    request: { path: '/render/inpainting' },
    engineSetting: 'ENGINE_INPAINT',
    feature: 'inpainting',
    ledger: 'Inpaint',
    failure: 'inpaint',
  },
  animate: {
    generationType: 'video-render',
    type: 'video',
    steps: [{ step: 'animate', credits: null }],
    request: { path: '/render/animate' },
    engineSetting: 'ENGINE_VIDEO',
    feature: 'video',
    ledger: 'Video',
    failure: 'video',
  },
  /** listing photo prep: verticals made upright, the horizon level (docs/decisions/0101-straighten-verticals.md) */
  straighten: {
    generationType: 'home-staging',
    type: 'image',
    steps: [{ step: 'straighten', credits: null }],
    request: { path: '/render/start', generationType: 'straighten' },
    engineSetting: 'ENGINE_STRAIGHTEN',
    feature: 'straighten verticals',
    ledger: 'Straighten verticals',
    failure: 'staging',
  },
  /** print-ready output: a picture made 2× or 4× larger by a super-resolution model (docs/decisions/0115-upscale.md) */
  upscale: {
    generationType: 'sketch-render',
    type: 'image',
    steps: [{ step: 'upscale', credits: null }],
    request: { path: '/render/start', generationType: 'upscale' },
    engineSetting: 'ENGINE_UPSCALE',
    feature: 'upscale',
    ledger: 'Upscale',
    failure: 'render',
  },
  /** listing photo prep: exposure, white balance, local contrast, windows pulled back (docs/decisions/0109-light.md) */
  light: {
    generationType: 'home-staging',
    type: 'image',
    steps: [{ step: 'light', credits: null }],
    request: { path: '/render/start', generationType: 'light' },
    engineSetting: 'ENGINE_LIGHT',
    feature: 'better light',
    ledger: 'Better light',
    failure: 'staging',
  },
  /** listing photo prep: the sky replaced, the rest graded to match (docs/decisions/0110-sky-and-dusk.md) */
  sky: {
    generationType: 'home-staging',
    type: 'image',
    steps: [{ step: 'sky', credits: null }],
    request: { path: '/render/start', generationType: 'sky' },
    engineSetting: 'ENGINE_SKY',
    feature: 'sky replacement',
    ledger: 'New sky',
    failure: 'staging',
  },
  /** listing photo prep: a dusk sky, a darker grade, the windows lit (docs/decisions/0110-sky-and-dusk.md) */
  dusk: {
    generationType: 'home-staging',
    type: 'image',
    steps: [{ step: 'dusk', credits: null }],
    request: { path: '/render/start', generationType: 'dusk' },
    engineSetting: 'ENGINE_DUSK',
    feature: 'day to dusk',
    ledger: 'Day to dusk',
    failure: 'staging',
  },
  /** listing photo prep: faces and lassoed areas blurred (docs/decisions/0111-privacy-blur.md) */
  privacy: {
    generationType: 'home-staging',
    type: 'image',
    steps: [{ step: 'privacy', credits: null }],
    request: { path: '/render/start', generationType: 'privacy' },
    engineSetting: 'ENGINE_PRIVACY',
    feature: 'privacy blur',
    ledger: 'Privacy blur',
    failure: 'staging',
  },
  /** renovation: a wall, floor or ceiling repainted in an exact colour (docs/decisions/0112-repaint-exact-colours.md) */
  repaint: {
    generationType: 'home-staging',
    type: 'image',
    steps: [{ step: 'repaint', credits: null }],
    request: { path: '/render/start', generationType: 'repaint' },
    engineSetting: 'ENGINE_REPAINT',
    feature: 'repaint',
    ledger: 'Repaint',
    failure: 'staging',
    choicePerPhoto: true,
  },
} as const satisfies Record<string, KindInfo>

export type Kind = keyof typeof KINDS
/** Screens and filters list kinds in this order. */
export const GENERATION_MODES = Object.keys(KINDS) as [Kind, ...Kind[]]

/** The kinds' engine settings (ENGINE_SKETCH_RENDER…), each with the steps it routes. */
export type EngineSetting = (typeof KINDS)[Kind]['engineSetting']
export const ENGINE_SETTINGS = Object.fromEntries(
  GENERATION_MODES.map((k) => [KINDS[k].engineSetting, KINDS[k].steps.map((s) => s.step)]),
) as unknown as Record<EngineSetting, readonly Step[]>

/** The kinds `POST /render/start` takes, by the value of its `generationType` field. */
export type RenderStartKindName = Extract<
  (typeof KINDS)[Kind]['request'],
  { path: '/render/start' }
>['generationType']
export const RENDER_START_KINDS = GENERATION_MODES.flatMap((k) => {
  const r: KindInfo['request'] = KINDS[k].request
  return r.path === '/render/start' ? [r.generationType as RenderStartKindName] : []
}) as [RenderStartKindName, ...RenderStartKindName[]]
/** The kind a `POST /render/start` request asks for. */
export const KIND_OF_RENDER_START = Object.fromEntries(
  GENERATION_MODES.flatMap((k) => {
    const r: KindInfo['request'] = KINDS[k].request
    return r.path === '/render/start' ? [[r.generationType, k]] : []
  }),
) as Record<RenderStartKindName, Kind>

/** The kinds whose requests may ask for variations (docs/product.md#variations). */
export const VARIATION_KINDS = GENERATION_MODES.filter(
  (k) => (KINDS[k] as KindInfo).variations === true,
) as Kind[]

/** What a request asks for that changes the price (docs/product.md#pricing). */
export interface PriceOptions {
  duration?: (typeof VIDEO_DURATIONS)[number]
  upscaleFactor?: UpscaleFactor
}

const PRICES: { [K in Kind]: (o: PriceOptions) => number } = {
  sketch: () => COSTS.image,
  // one job per angle, each charged on its own
  'multi-angle': () => COSTS.perAngle,
  staging: () => COSTS.staging.cleaning + COSTS.staging.staging,
  'magic-edit': () => COSTS.image,
  inpaint: () => COSTS.image,
  animate: (o) => COSTS.video[o.duration ?? DEFAULT_VIDEO_DURATION],
  straighten: () => COSTS.straighten,
  upscale: (o) => COSTS.upscale[o.upscaleFactor ?? DEFAULT_UPSCALE_FACTOR],
  light: () => COSTS.light,
  sky: () => COSTS.sky,
  dusk: () => COSTS.dusk,
  privacy: () => COSTS.privacy,
  repaint: () => COSTS.repaint,
}

/** The lowest and highest price of one job of a kind, over the options that change it. */
export function priceRange(kind: Kind): { min: number; max: number } {
  const prices = [
    {},
    ...VIDEO_DURATIONS.map((duration) => ({ duration })),
    ...UPSCALE_FACTORS.map((upscaleFactor) => ({ upscaleFactor })),
  ].map((o) => priceOf(kind, o))
  return { min: Math.min(...prices), max: Math.max(...prices) }
}

/** The credits one job of a kind costs. */
export function priceOf(kind: Kind, options: PriceOptions = {}): number {
  return PRICES[kind](options)
}

/**
 * The kinds a whole listing can run on each of its photos (docs/decisions/0117-whole-listing-batch.md): every
 * kind of the home-staging group (staging and the photo prep kinds, present and future) and every kind whose
 * result is a video, since each takes one room photo and nothing else it cannot be given by the batch — except
 * a kind that needs a choice made on each photo (repaint: the surface and its colour).
 */
export const LISTING_KINDS = GENERATION_MODES.filter(
  (k) =>
    (KINDS[k].generationType === 'home-staging' || KINDS[k].type === 'video') &&
    !(KINDS[k] as KindInfo).choicePerPhoto,
) as Kind[]
