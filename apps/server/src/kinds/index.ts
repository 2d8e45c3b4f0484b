import {
  type AskedEffects,
  EngineId,
  KIND_ONLY_FIELDS,
  KINDS,
  type Kind,
  type KindInfo,
  STEP_NAMES,
  type Step,
} from '@parti/contract'
import { z } from 'zod'
import { AppError } from '../domain/errors.ts'
import { animate } from './animate.ts'
import { withEngines } from './compare.ts'
import { dusk } from './dusk.ts'
import { inpaint } from './inpaint.ts'
import { light } from './light.ts'
import { magicEdit } from './magic-edit.ts'
import { multiAngle } from './multi-angle.ts'
import { privacy } from './privacy.ts'
import { repaint } from './repaint.ts'
import { parseFields } from './shared.ts'
import { sketch } from './sketch.ts'
import { sky } from './sky.ts'
import { staging } from './staging.ts'
import { straighten } from './straighten.ts'
import type { AnyKindDefinition, PlanContext, RenderPlan } from './types.ts'
import { upscale } from './upscale.ts'
import { withVariations } from './variations.ts'

/** Every kind's definition; the compiler asks for a new kind's here once it is in the contract's KINDS. */
const KIND_DEFINITIONS = {
  sketch,
  'multi-angle': multiAngle,
  staging,
  'magic-edit': magicEdit,
  inpaint,
  animate,
  straighten,
  upscale,
  light,
  sky,
  dusk,
  privacy,
  repaint,
} as const satisfies { [K in Kind]: AnyKindDefinition & { kind: K } }

export function definitionOf(kind: Kind): AnyKindDefinition {
  return KIND_DEFINITIONS[kind]
}

const tasks = Object.values(KIND_DEFINITIONS).map((d) => d.task)

/**
 * The job's parameters as stored in generations.payload, one shape per kind. Versioned (v) so a worker of a
 * newer release can still run a job queued by an older one. Files are blob keys; the worker loads them.
 */
export const JobPayload = z.object({
  v: z.literal(1),
  task: z.union(tasks as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]),
  /** the steps that run when the request's plan left some out; absent: all of the kind's */
  steps: z.array(z.enum(STEP_NAMES as [Step, ...Step[]])).optional(),
  /** the engine the job asked for instead of the configured one (docs/decisions/0098-recipe-and-run-again.md) */
  engine: EngineId.optional(),
})

export type RenderPath = KindInfo['request']['path']

/**
 * Plan a render request: parse its fields with its kind's schema (on `/render/start` the `generationType`
 * field says which kind), then let the kind check, price and describe its jobs.
 */
export async function planRequest(path: RenderPath, pc: PlanContext): Promise<RenderPlan> {
  const candidates = Object.values(KIND_DEFINITIONS).filter((d) => KINDS[d.kind].request.path === path)
  const fields = parseFields(candidates[0]!.fields, pc.parts.fields) as {
    generationType?: string
    variations?: number
    engines?: EngineId[]
    engine?: EngineId
  }
  const definition: AnyKindDefinition =
    candidates.length === 1
      ? candidates[0]!
      : candidates.find((d) => {
          const request: KindInfo['request'] = KINDS[d.kind].request
          return 'generationType' in request && request.generationType === fields.generationType
        })!
  for (const [field, kinds] of Object.entries(KIND_ONLY_FIELDS) as [string, readonly Kind[]][])
    if ((fields as Record<string, unknown>)[field] !== undefined && !kinds.includes(definition.kind))
      throw new AppError('validation_failed', `${field} is read only by ${kinds.join(', ')}`, { field })
  if (fields.engine) chooseEngine(pc, definition.kind, fields.engine, fields.engines)
  const plan = await definition.plan(pc, fields)
  const asked = pc.asked
  const planned = asked ? plan.jobs.map((job) => ({ ...job, asked: ownAsks(asked, job.task) })) : plan.jobs
  const jobs = fields.engine ? planned.map((job) => ({ ...job, engine: fields.engine })) : planned
  if (fields.engines?.length) return withEngines({ ...plan, jobs }, fields.engines, fields.variations, pc)
  return withVariations({ ...plan, jobs }, fields.variations)
}

/**
 * The engine the request chose among those serving its kind (docs/product.md#engine-choice): the kind is then
 * planned, priced and checked as it will run there, e.g. the built-in engine's sky finding before a built-in
 * dusk. An engine that cannot serve the kind is refused before anything is held.
 */
function chooseEngine(pc: PlanContext, kind: Kind, engine: EngineId, compare: EngineId[] | undefined): void {
  if (compare?.length)
    throw new AppError(
      'validation_failed',
      'engine: name one engine, or several in engines to compare them',
      {
        field: 'engine',
      },
    )
  if (!(pc.servedBy?.(kind) ?? []).includes(engine) || !pc.capabilitiesOn)
    throw new AppError('not_offered', `${engine} cannot serve ${KINDS[kind].feature} here`, {
      engine,
      skipped: [],
    })
  pc.capabilities = pc.capabilitiesOn(engine)
}

/** A job's share of what its request asked: a multi-angle job asks for its own angle only. */
function ownAsks(asked: AskedEffects, task: Record<string, unknown>): AskedEffects {
  if (typeof task.angle !== 'string') return asked
  return { ...asked, asks: asked.asks.filter((a) => !a.startsWith('angle.') || a === `angle.${task.angle}`) }
}
