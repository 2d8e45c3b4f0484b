import {
  type Angle,
  type Ask,
  type CameraMovement,
  type EngineId,
  type FailureReason,
  type FollowLines,
  failureWords,
  type InputLimits,
  type LocalStyleParams,
  type MaterialId,
  type Note,
  type RoomType,
  type SkyMood,
  type StagingOption,
  type StagingStyle,
  type Step,
  type Support,
  type UpscaleFactor,
  type VideoDuration,
} from '@parti/contract'

/** A style as an engine needs it: prompts for hosted models, parameters for the local engine. */
export interface EngineStyle {
  id: string
  name: string
  prompt: string
  negativePrompt: string
  qualityPrompt: string
  localParams: LocalStyleParams | null
}

/** A palette as an engine needs it: five #RRGGBB colours and a name to describe it in words. */
export interface EnginePalette {
  id: string
  name: string
  colors: string[]
}

/** An earlier turn of an Ask Parti conversation, for engines that keep context. */
export interface ConversationTurn {
  role: 'user' | 'assistant'
  text: string
}

/** Input images are encoded bytes (PNG, JPEG or WebP) already checked by content; masks are PNGs, white = change. */
export type EngineTask =
  | {
      kind: 'sketch'
      input: Buffer
      prompt: string
      style: EngineStyle | null
      palette: EnginePalette | null
      customColors: string[] | null
      settings: Record<string, string | number | boolean>
      /** how closely to keep the drawing's lines (docs/product.md#follow-lines); balanced when absent */
      followLines?: FollowLines
      /** the variation's seed (docs/product.md#variations); an engine that takes one must honour it */
      seed?: number
    }
  | {
      kind: 'multi-angle'
      input: Buffer
      prompt: string
      angle: Angle
      style: EngineStyle | null
      palette: EnginePalette | null
      followLines?: FollowLines
    }
  | {
      kind: 'staging-clean'
      input: Buffer
      mask: Buffer | null
      roomType: RoomType | null
      options: StagingOption[]
    }
  | {
      kind: 'staging-stage'
      /** the cleaned image */
      input: Buffer
      /** the untouched original, for engines that prefer it */
      original: Buffer
      prompt: string
      roomType: RoomType | null
      options: StagingOption[]
      stagingStyle: StagingStyle
      palette: EnginePalette | null
      followLines?: FollowLines
      seed?: number
    }
  | { kind: 'inpaint'; input: Buffer; mask: Buffer; prompt: string }
  | {
      kind: 'magic-edit'
      input: Buffer
      mask: Buffer | null
      prompt: string
      palette: EnginePalette | null
      history: ConversationTurn[]
      seed?: number
    }
  | {
      kind: 'animate'
      input: Buffer
      prompt: string
      duration: VideoDuration
      cameraMovement: CameraMovement
    }
  /** listing photo prep: the verticals made upright (docs/decisions/0101-straighten-verticals.md) */
  | { kind: 'straighten'; input: Buffer }
  /** print-ready output: the picture made `factor` times larger on each side (docs/decisions/0115-upscale.md) */
  | { kind: 'upscale'; input: Buffer; factor: UpscaleFactor }
  /** listing photo prep: exposure, white balance, local contrast, `strength` 0–100 (docs/decisions/0109-light.md) */
  | { kind: 'light'; input: Buffer; strength: number }
  /** listing photo prep: the sky replaced, the rest graded (docs/decisions/0110-sky-and-dusk.md) */
  | { kind: 'sky'; input: Buffer; mood: SkyMood }
  /** listing photo prep: day to dusk (docs/decisions/0110-sky-and-dusk.md) */
  | { kind: 'dusk'; input: Buffer }
  /** listing photo prep: the chosen faces and the lassoed areas blurred (docs/decisions/0111-privacy-blur.md) */
  | {
      kind: 'privacy'
      input: Buffer
      /** face boxes as fractions of the picture, as the user kept them (or as detected when none were sent) */
      faces: Array<{ x: number; y: number; w: number; h: number }>
      mask: Buffer | null
    }
  /** renovation: a surface repainted in an exact colour (docs/decisions/0112-repaint-exact-colours.md) */
  | {
      kind: 'repaint'
      input: Buffer
      /** the colour as asked (resolved again by the engine: `#C5C7C4`, `RAL 7035`, `NCS S 1050-Y90R`, a RAL name); null with a material */
      paint: string | null
      /** a material from the library laid instead of a colour (docs/decisions/0120-repaint-materials.md) */
      material?: MaterialId | null
      /** the click inside the surface, as fractions of the picture */
      point: { x: number; y: number } | null
      /** the lasso that bounds the surface, or is the surface when there is no click */
      mask: Buffer | null
    }

export type EngineTaskKind = EngineTask['kind']

/** An engine's answer for the asks of one step: does, approximates (how) or cannot (why). */
export type StepSupport = Partial<Record<Ask, Support>>
// every step of the contract has its engine task, and no task is left without a step: a type error otherwise
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Expect<T extends true> = T
type _TasksMatchSteps = Expect<Same<EngineTaskKind, Step>>

export interface EngineContext {
  jobId: string
  /** aborted when the job is cancelled, the lease is lost or the worker shuts down */
  signal: AbortSignal
  /** fraction 0..1; throttled by the caller, so call as often as convenient */
  reportProgress(fraction: number): void
  /** a private scratch folder, removed after the job */
  tmpDir: string
  /** the model the plan rules chose for this job, when the engine has several */
  model?: string
}

export type EngineOutput =
  | {
      kind: 'image'
      data: Buffer
      contentType: 'image/png' | 'image/jpeg' | 'image/webp'
      width: number
      height: number
    }
  | {
      kind: 'video'
      data: Buffer
      contentType: 'video/mp4'
      width: number
      height: number
      durationSeconds: number
      frames: number
      /** a still of the first frame, JPEG */
      poster: Buffer
    }

export interface EngineFacts {
  engine: EngineId
  model: string
  /** what was actually done, in plain words, e.g. ['warmer', 'crop 16:9'] (magic edit) */
  operations?: string[]
  /** the assistant's reply in Ask Parti, in English; the web translates known operations */
  reply?: string
  /**
   * Ask Parti: the parts of the request that were not done, in the user's words, with a stable reason id
   * (engines/local/magic-edit/plan.ts, e.g. 'add-objects', 'straighten', 'needs-selection', 'not-understood')
   */
  refused?: Array<{ words: string; reason: string; operation?: string }>
  /** Ask Parti: the parts the user asked to leave alone ("don't make it darker"), with the operation id if named */
  kept?: Array<{ words: string; operation?: string }>
  /**
   * true when an edit meant the whole picture although a lasso was drawn (a crop, a turn, a blurred
   * background): the runner keeps the image as made instead of compositing it onto the source
   */
  wholePicture?: boolean
  /** true for local multi-angle views: a draft view, not a new rendering of the building */
  draft?: boolean
  /** the prompt as the engine used it */
  enhancedPrompt?: string
  /** what could not be done or was done instead, as note ids (docs/product.md#result-notes) */
  notes?: Note[]
}

export interface EngineResult {
  outputs: EngineOutput[]
  facts: EngineFacts
}

export type EngineErrorCode =
  /** the input cannot be worked on (empty, 1×1, blank sketch…): fail and refund, do not retry */
  | 'invalid_input'
  /** the engine cannot do what was asked (e.g. an edit request the local interpreter does not know) */
  | 'unsupported_request'
  /** a provider refused or failed for good */
  | 'provider_failed'
  /** a passing failure: retry with backoff */
  | 'transient'
  | 'timeout'
  | 'cancelled'
  /** the result kept too little of the input's lines, even when made again with strict lines: fail and refund */
  | 'fidelity_missed'

/** An engine failure with a message safe to show the user (no keys, no raw provider text). */
export class EngineError extends Error {
  /** what the user reads, in English (the generation's `error`) */
  readonly userMessage: string
  /** the same as reason ids the screens translate (docs/decisions/0066-failure-reasons-are-ids.md) */
  readonly reasons: FailureReason[]
  /**
   * `reason` is a failure id (or several, read in order) from the contract's FAILURES, or plain words for a
   * failure no user reads (a lease lost, a shutdown). `words` overrides the English of composite reasons.
   */
  constructor(
    readonly code: EngineErrorCode,
    reason: FailureReason | FailureReason[] | string,
    options?: { cause?: unknown; detail?: string; words?: string },
  ) {
    const reasons = typeof reason === 'string' ? [] : Array.isArray(reason) ? reason : [reason]
    const userMessage =
      options?.words ?? (typeof reason === 'string' ? reason : reasons.map(failureWords).join(' '))
    super(options?.detail ?? userMessage, options?.cause ? { cause: options.cause } : undefined)
    this.name = 'EngineError'
    this.userMessage = userMessage
    this.reasons = reasons
  }
  get retryable(): boolean {
    return this.code === 'transient' || this.code === 'timeout'
  }
}

export interface Engine {
  readonly id: EngineId
  supports(kind: EngineTaskKind): boolean
  /** the model name that will serve this kind, for the start-up line and the generation's facts */
  modelFor(kind: EngineTaskKind): string
  run(task: EngineTask, ctx: EngineContext): Promise<EngineResult>
  /**
   * What it does with each ask of a step on this model (docs/product.md#capabilities). Every ask of the step is
   * answered; one left out is taken as not done (docs/decisions/0080-hosted-engines-declare-every-ask.md).
   */
  capabilities(step: EngineTaskKind, model: string): StepSupport
  /** the input picture this model accepts, when narrower than Parti's own limits (a first frame's shape) */
  inputLimits?(step: EngineTaskKind, model: string): InputLimits | null
  /** check prerequisites at start-up (ffmpeg present, keys set); throws with a clear message */
  check?(): Promise<void>
}
