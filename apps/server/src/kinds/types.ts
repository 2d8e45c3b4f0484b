import type {
  AskedEffects,
  EngineId,
  GenerationMode,
  KINDS,
  Kind,
  KindCapabilities,
  Step,
} from '@parti/contract'
import type { z } from 'zod'
import type { SessionUser } from '../auth/sessions.ts'
import type { AppContext } from '../context.ts'
import type { Database } from '../db/client.ts'
import type { EngineTask } from '../engines/types.ts'
import type { RequestParts } from '../storage/uploads.ts'

/** One job a request creates, before it has an id: what create.ts debits and queues. */
export interface NewJob {
  mode: GenerationMode
  /** the kind's parameters as stored in the job's payload (its `task` schema) */
  task: { kind: Kind } & Record<string, unknown>
  cost: number
  userPrompt: string
  enhancedPrompt: string | null
  negativePrompt?: string | null
  videoPrompt?: string | null
  styleId?: string | null
  colorPaletteId?: string | null
  sourceGenerationId?: string | null
  inputKeys: string[]
  maskKey?: string | null
  metadata: Record<string, unknown>
  /** the steps that run, when not all of the kind's do (the others are neither run nor charged) */
  steps?: Step[]
  /** the seed the engine is given (docs/product.md#variations); absent for kinds without one */
  seed?: number | null
  /** run on this engine rather than the configured one ("Run again" elsewhere, comparing engines) */
  engine?: EngineId
  /** what the request asked of the engine, kept in the recipe so "Run again" elsewhere can check it again */
  asked?: AskedEffects
}

/** What a request becomes: its jobs, and where they were asked for. */
export interface RenderPlan {
  jobs: NewJob[]
  batchId: string | null
  /** the jobs' price is held as one total under batchId, each settling its own share (variations) */
  holdTogether?: boolean
  /** Ask Parti: the conversation this edit belongs to, so the user's message is recorded with the job */
  conversation?: { id: string; text: string; attachmentKeys: string[] } | null
}

/** What planning a request may use. Files it stores are listed in `stored`, to be deleted if it fails. */
export interface PlanContext {
  ctx: AppContext
  session: SessionUser
  parts: RequestParts
  stored: string[]
  /** what each kind will do on the engines serving it, for this user's plan (docs/product.md#capabilities) */
  capabilities: Record<Kind, KindCapabilities>
  /** what the request asks of the engine, as the kind's run plan read it (set by runPlanFor) */
  asked?: AskedEffects
  /** the engines that can serve every step of a kind (comparing engines, docs/product.md#compare-engines) */
  servedBy?: (kind: Kind) => EngineId[]
  /** what each kind would do on this engine rather than the configured one, for this user's plan */
  capabilitiesOn?: (engine: EngineId) => Record<Kind, KindCapabilities>
}

/** What building a step's engine task may use. */
interface StepContext {
  database: Database
  /** the job's generation id */
  jobId: string
  /** a blob the job refers to; a missing one fails the job as invalid input */
  load(key: string): Promise<Buffer>
  /** the job's input image */
  input: Buffer
  /** the output of the step before (the cleaned room before staging), null for the first step */
  previous: Buffer | null
}

type StepsOf<K extends Kind> = (typeof KINDS)[K]['steps'][number]['step']

/**
 * Everything a kind does beyond its facts in the contract's KINDS: how a request for it is checked, priced and
 * turned into jobs, how its parameters are stored, and the engine task each of its steps runs.
 * docs/extending.md#add-a-kind walks through adding one.
 */
export interface KindDefinition<K extends Kind, Fields, Task extends { kind: K }> {
  kind: K
  /** the request's text fields (multipart or JSON), as the render route receives them */
  fields: z.ZodType<Fields>
  /** the job's parameters in generations.payload: versioned with the payload, read back by the worker */
  task: z.ZodType<Task>
  /** validate the request (with the product's messages), store its inputs, price it and describe its jobs */
  plan(pc: PlanContext, fields: Fields): Promise<RenderPlan>
  /** the engine task of each step, in the order KINDS[kind].steps runs them */
  steps: { [S in StepsOf<K>]: (task: Task, sc: StepContext) => Promise<Extract<EngineTask, { kind: S }>> }
  /**
   * Where a step's output is kept for the user when a later step fails (staging's cleaned room): the file name
   * and the metadata field that points at it.
   */
  keeps?: Partial<Record<StepsOf<K>, { file: string; metadataKey: string }>>
}

/** Any kind's definition, as the registry and the runner see it (each kind's own field and task types erased). */
export interface AnyKindDefinition {
  kind: Kind
  fields: z.ZodType
  task: z.ZodType
  // biome-ignore lint/suspicious/noExplicitAny: each kind's plan takes its own parsed fields
  plan(pc: PlanContext, fields: any): Promise<RenderPlan>
  // biome-ignore lint/suspicious/noExplicitAny: each kind's steps take its own task
  steps: Partial<Record<Step, (task: any, sc: StepContext) => Promise<EngineTask>>>
  keeps?: Partial<Record<Step, { file: string; metadataKey: string }>>
}
