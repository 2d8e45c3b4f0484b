// What the engine serving each kind will and will not do, before anyone pays (docs/product.md#capabilities).
// The asks, the levels and the rule that turns a request into the steps that run are plain values and functions:
// the server refuses and prices with them, the screens show them with the same answers.
import { KINDS, type Kind, type Step } from './kinds.ts'
import type { ANGLES, CAMERA_MOVEMENTS, STAGING_OPTIONS, VIDEO_DURATIONS } from './values.ts'

/** Does it; does something close to it (and says how); cannot do it (and says why). */
export const SUPPORT_LEVELS = ['does', 'approximates', 'cannot'] as const
export type SupportLevel = (typeof SUPPORT_LEVELS)[number]

/** Why a thing is approximated or not done: a key the web translates; the API also says it in English. */
export const SUPPORT_REASONS = [
  /** it works on the area selected with the lasso, and only there */
  'needs_lasso',
  /** the built-in engine processes pixels; it does not draw new objects */
  'no_new_objects',
  /** a draft: the input warped to the viewpoint, not a new rendering of the building */
  'draft_view',
  /** this view cannot really be made from one drawing of the outside; what is made instead is said */
  'not_from_input',
  /** a colour grade in the style's mood, not new furniture or materials */
  'grade_only',
  /** materials and colours named in the words are painted on the drawing's parts; other words are not drawn */
  'words_to_materials',
  /** the engine follows the instruction where it understands it, and says what it did not do */
  'interpreted',
  /** warm lamp-like light added to the photo, not new light fittings */
  'light_grade',
  /** the engine does not use this field at all */
  'ignored',
  /** "Follow my lines": the engine never moves the input's lines, so every setting keeps them */
  'lines_always_kept',
  /** "Follow my lines": the model has no setting for it (the fidelity check still measures the result) */
  'no_line_setting',
  /** the camera move reaches the video model as words, or as the nearest move it knows */
  'camera_in_words',
  /** the model makes clips of its own lengths; the nearest is retimed to the length asked */
  'retimed',
] as const
export type SupportReason = (typeof SUPPORT_REASONS)[number]

export interface Support {
  level: SupportLevel
  reason?: SupportReason
  /** the same in plain English, for API users */
  note?: string
  /** its level when the request has a lasso selection (e.g. decluttering the selected area) */
  withLasso?: SupportLevel
  /**
   * what it becomes when the input is a photo or a rendering rather than a line drawing (a photo cannot be
   * turned to another viewpoint the way a drawing's masses can be extruded); the server knows before charging
   */
  forPhoto?: Pick<Support, 'level' | 'reason' | 'note'>
}

type Angle = (typeof ANGLES)[number]
type StagingOption = (typeof STAGING_OPTIONS)[number]
type CameraMovement = (typeof CAMERA_MOVEMENTS)[number]
type Duration = (typeof VIDEO_DURATIONS)[number]

/**
 * Everything a request can ask of an engine, one key per field or option: the description, the style, the
 * palette, own colours, the room type, each angle, staging option and camera move, each video length, and
 * inpaint's intent (take something away, or put something in).
 */
export type Ask =
  | 'description'
  | 'style'
  | 'palette'
  | 'customColors'
  | 'followLines'
  | 'roomType'
  | 'lasso'
  | `angle.${Angle}`
  | `stagingOption.${StagingOption}`
  | `camera.${CameraMovement}`
  | `duration.${Duration}`
  | 'intent.remove'
  | 'intent.add'

/** The asks each step answers for; an engine declares its support for these, step by step. */
export const STEP_ASKS = {
  sketch: ['description', 'style', 'palette', 'customColors', 'followLines'],
  'multi-angle': [
    'description',
    'style',
    'palette',
    'followLines',
    'angle.front',
    'angle.side',
    'angle.aerial',
    'angle.corner',
    'angle.interior',
    'angle.contextual',
  ],
  'staging-clean': ['stagingOption.removeClutter', 'stagingOption.removeFurniture'],
  'staging-stage': [
    'style',
    'palette',
    'roomType',
    'followLines',
    'stagingOption.repaint',
    'stagingOption.addFurniture',
    'stagingOption.addDecor',
    'stagingOption.addLighting',
  ],
  inpaint: ['description', 'intent.remove', 'intent.add'],
  'magic-edit': ['description', 'palette', 'lasso'],
  // nothing to choose: the photo's own lines say how much to turn it
  straighten: [],
  // the factor changes the price and the size, not what is asked of the picture
  upscale: [],
  // the strength is a dial of the one correction, not something an engine may skip
  light: [],
  // the sky is found, not chosen; the mood is a look, as the strength is a dial
  sky: [],
  dusk: [],
  // what to blur and what colour are the request's own fields, not asks an engine may lack
  privacy: [],
  repaint: [],
  animate: [
    'description',
    'duration.6',
    'duration.10',
    'camera.static',
    'camera.zoom_in',
    'camera.zoom_out',
    'camera.pan_left',
    'camera.pan_right',
    'camera.pan_up',
    'camera.pan_down',
    'camera.rotate_clockwise',
    'camera.rotate_counter',
    'camera.dolly_in',
    'camera.dolly_out',
    'camera.orbit',
  ],
} as const satisfies { [S in Step]: readonly Ask[] }
export type AskOf<S extends Step> = (typeof STEP_ASKS)[S][number]

/**
 * What a model accepts as its input picture, when it is narrower than what Parti accepts: the request is
 * refused with 422 `not_offered` before anything is charged (docs/product.md#capabilities).
 */
export interface InputLimits {
  /** the shortest side, in pixels */
  minSide?: number
  /** width ÷ height, at least and at most */
  minAspect?: number
  maxAspect?: number
  /** the same in plain English */
  note: string
}

/** What one kind will do on the engines serving its steps, for one plan. */
export interface KindCapabilities {
  /** the engine and model of each step, in order */
  steps: { step: Step; engine: string; model: string }[]
  /** every ask of its steps; an ask two steps share (the palette of staging) takes the better of the two */
  asks: Partial<Record<Ask, Support>>
  /** the input picture its models accept, when narrower than Parti's own limits */
  input?: InputLimits
  /** the engines that can serve every step of it, the configured one first ("Compare engines", "Run again") */
  engines?: string[]
}

/** Why a picture of this size is outside the limits, or null when it fits. */
export function inputOutsideLimits(
  limits: InputLimits | undefined,
  width: number,
  height: number,
): string | null {
  if (!limits) return null
  const aspect = width / height
  const tooSmall = limits.minSide !== undefined && Math.min(width, height) < limits.minSide
  const badShape =
    (limits.minAspect !== undefined && aspect < limits.minAspect) ||
    (limits.maxAspect !== undefined && aspect > limits.maxAspect)
  return tooSmall || badShape ? `${limits.note} This picture is ${width}×${height}.` : null
}

const RANK: Record<SupportLevel, number> = { cannot: 0, approximates: 1, does: 2 }

/** An ask the engine did not declare: not taken as done (docs/decisions/0080-hosted-engines-declare-every-ask.md). */
const UNDECLARED: Support = {
  level: 'cannot',
  reason: 'ignored',
  note: 'This engine does not say it uses this.',
}

/** The support of an ask for this input: a photo input can lower it (forPhoto). */
function supportFor(caps: KindCapabilities, ask: Ask, photoInput = false): Support {
  const s = caps.asks[ask] ?? UNDECLARED
  return photoInput && s?.forPhoto && RANK[s.forPhoto.level] < RANK[s.level] ? s.forPhoto : s
}

/**
 * The level an ask has for this request (a lasso can lift it, a photo input lower it). An ask the engine did
 * not declare is not done.
 */
export function levelOf(
  caps: KindCapabilities,
  ask: Ask,
  hasLasso = false,
  photoInput = false,
): SupportLevel {
  const s = supportFor(caps, ask, photoInput)
  const lasso = caps.asks[ask]?.withLasso
  return hasLasso && lasso && RANK[lasso] > RANK[s.level] ? lasso : s.level
}

/** Merge the support of the steps of a kind into one table of asks. */
export function mergeAsks(perStep: Partial<Record<Ask, Support>>[]): Partial<Record<Ask, Support>> {
  const out: Partial<Record<Ask, Support>> = {}
  for (const table of perStep)
    for (const [ask, s] of Object.entries(table) as [Ask, Support][]) {
      const prev = out[ask]
      if (!prev || RANK[s.level] > RANK[prev.level]) out[ask] = s
    }
  return out
}

/** What a request asks for, in the vocabulary above, with whether it carries a lasso selection. */
export interface AskedEffects {
  asks: Ask[]
  hasLasso: boolean
  /** the input is a photo or a rendering, not a line drawing */
  photoInput?: boolean
}

/** A request, in the API's own field names, as far as the asks are concerned. */
export interface AskingRequest {
  userPrompt?: string
  styleId?: string | null
  stagingStyle?: string | null
  colorPaletteId?: string | null
  customColors?: readonly string[] | null
  /** "Follow my lines" (docs/product.md#follow-lines): asked when set to other than balanced */
  followLines?: string | null
  roomType?: string | null
  angles?: readonly Angle[]
  stagingOptions?: readonly StagingOption[]
  cameraMovement?: CameraMovement
  duration?: Duration
  /** inpaint: what the words ask for (the server reads it from the prompt) */
  intent?: 'remove' | 'add'
  hasLasso?: boolean
  /** the input is a photo or a rendering, not a line drawing (the server looks at the image) */
  photoInput?: boolean
}

/** The asks of a request of a kind: only what it actually asks for. */
export function askedEffects(kind: Kind, r: AskingRequest): AskedEffects {
  const asks: Ask[] = []
  const own = new Set<Ask>(KINDS[kind].steps.flatMap((s) => STEP_ASKS[s.step] as readonly Ask[]))
  const add = (ask: Ask, when: unknown) => {
    if (when && own.has(ask)) asks.push(ask)
  }
  add('description', r.userPrompt?.trim())
  add('style', r.styleId || r.stagingStyle)
  add('palette', r.colorPaletteId)
  add('customColors', r.customColors?.length)
  add('followLines', r.followLines && r.followLines !== 'balanced')
  add('roomType', r.roomType)
  add('lasso', r.hasLasso)
  for (const a of r.angles ?? []) add(`angle.${a}`, true)
  for (const o of r.stagingOptions ?? []) add(`stagingOption.${o}`, true)
  if (r.cameraMovement) add(`camera.${r.cameraMovement}`, true)
  if (r.duration) add(`duration.${r.duration}`, true)
  if (r.intent) add(`intent.${r.intent}`, true)
  return { asks: [...new Set(asks)], hasLasso: !!r.hasLasso, photoInput: !!r.photoInput }
}

/** One thing a request asked for that will not be done, and why. */
export interface SkippedAsk {
  ask: Ask
  reason?: SupportReason
  note?: string
}

/** What will run for a request: the steps (each charged), and what was asked but will not be done. */
export interface RunPlan {
  /** null: nothing asked can be done; the request is refused before anything is charged */
  steps: Step[] | null
  /** for multi-angle: the angles that will be made, one job each */
  angles?: Angle[]
  skipped: SkippedAsk[]
  /** what was asked and will be done only approximately, and how (said again on the result) */
  approximated: SkippedAsk[]
}

/** Asks that say how, not whether: they shape a step that runs for another reason. */
const MODIFIERS = new Set<Ask>([
  'description',
  'style',
  'palette',
  'customColors',
  'followLines',
  'roomType',
  'lasso',
])

const skippedOf = (caps: KindCapabilities, e: AskedEffects): SkippedAsk[] =>
  e.asks
    .filter((a) => levelOf(caps, a, e.hasLasso, e.photoInput) === 'cannot')
    .map((ask) => {
      const s = supportFor(caps, ask, e.photoInput)
      return { ask, reason: s.reason, note: s.note }
    })

const approximatedOf = (caps: KindCapabilities, e: AskedEffects): SkippedAsk[] =>
  e.asks
    .filter((a) => levelOf(caps, a, e.hasLasso, e.photoInput) === 'approximates')
    .map((ask) => {
      const s = supportFor(caps, ask, e.photoInput)
      return { ask, reason: s.reason, note: s.note }
    })

const doable = (caps: KindCapabilities, e: AskedEffects, ask: Ask) =>
  levelOf(caps, ask, e.hasLasso, e.photoInput) !== 'cannot'
const allSteps = (kind: Kind): Step[] => KINDS[kind].steps.map((s) => s.step)

/**
 * Which steps of a kind run for a request, per kind (docs/product.md#capabilities):
 * - a kind of one step runs when what it is asked to do (its angle, its camera move, its inpaint intent) can be
 *   done; the description, style and palette only shape it;
 * - multi-angle makes the angles that can be made, one job each, and refuses when none can;
 * - home staging stages when a staging option it was asked for can be done, or when no option was chosen (the
 *   style alone); it cleans when a cleaning option can be done, or to prepare a photo it stages; it refuses when
 *   options were chosen and none can be done.
 */
const RUN_RULES: {
  [K in Kind]: (caps: KindCapabilities, e: AskedEffects) => Omit<RunPlan, 'skipped' | 'approximated'>
} = {
  sketch: (_c, _e) => ({ steps: allSteps('sketch') }),
  'multi-angle': (caps, e) => {
    const angles = e.asks
      .filter((a): a is `angle.${Angle}` => a.startsWith('angle.') && doable(caps, e, a))
      .map((a) => a.slice('angle.'.length) as Angle)
    return { steps: angles.length ? allSteps('multi-angle') : null, angles }
  },
  staging: (caps, e) => {
    const options = e.asks.filter((a) => a.startsWith('stagingOption.'))
    const of = (step: Step) => options.filter((a) => (STEP_ASKS[step] as readonly Ask[]).includes(a))
    const stage = options.length === 0 || of('staging-stage').some((a) => doable(caps, e, a))
    const clean = stage || of('staging-clean').some((a) => doable(caps, e, a))
    const steps = allSteps('staging').filter((s) => (s === 'staging-clean' ? clean : stage))
    return { steps: steps.length ? steps : null }
  },
  'magic-edit': () => ({ steps: allSteps('magic-edit') }),
  inpaint: (caps, e) => ({
    steps: e.asks.some((a) => a.startsWith('intent.') && !doable(caps, e, a)) ? null : allSteps('inpaint'),
  }),
  animate: (caps, e) => ({
    steps: e.asks.some((a) => !MODIFIERS.has(a) && !doable(caps, e, a)) ? null : allSteps('animate'),
  }),
  straighten: () => ({ steps: allSteps('straighten') }),
  upscale: () => ({ steps: allSteps('upscale') }),
  light: () => ({ steps: allSteps('light') }),
  sky: () => ({ steps: allSteps('sky') }),
  dusk: () => ({ steps: allSteps('dusk') }),
  privacy: () => ({ steps: allSteps('privacy') }),
  repaint: () => ({ steps: allSteps('repaint') }),
}

/** The steps that run for a request and what will not be done, by the same rule on the server and the screens. */
export function planRun(kind: Kind, caps: KindCapabilities, e: AskedEffects): RunPlan {
  return { ...RUN_RULES[kind](caps, e), skipped: skippedOf(caps, e), approximated: approximatedOf(caps, e) }
}

/** The credits of the steps that run (a kind of one step costs its price whatever its options). */
export function creditsOfSteps(kind: Kind, steps: readonly Step[], fullPrice: number): number {
  const parts = KINDS[kind].steps as readonly { step: Step; credits: number | null }[]
  if (parts.length === 1) return fullPrice
  return parts.filter((p) => steps.includes(p.step)).reduce((n, p) => n + (p.credits ?? 0), 0)
}

/** Every ask the contract knows, for checks and documentation. */
export const ALL_ASKS: readonly Ask[] = [
  ...new Set(Object.values(STEP_ASKS).flatMap((a) => a as readonly Ask[])),
]
