import { createHash } from 'node:crypto'
import { type EngineId, KINDS, type Kind, type KindInfo, type Step, type StoredNote } from '@parti/contract'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { Database } from '../db/client.ts'
import { planStateOf } from '../db/repos/users.ts'
import { conversations, messages } from '../db/schema.ts'
import { refundFor } from '../domain/jobs.ts'
import type { EngineRouter } from '../engines/router.ts'
import { placeOnSource } from '../engines/shared/composite.ts'
import {
  type EngineContext,
  EngineError,
  type EngineFacts,
  type EngineOutput,
  type EngineResult,
  type EngineTask,
} from '../engines/types.ts'
import {
  type FidelitySettings,
  judgeResult,
  missedReason,
  missedRelease,
  strictLines,
} from '../fidelity/index.ts'
import { definitionOf, JobPayload } from '../kinds/index.ts'
import { uuidv7 } from '../lib/ids.ts'
import { type StorageService, userKey } from '../storage/service.ts'
import { extensionOf } from '../storage/types.ts'
import type { GenerationRow, JobQueue } from './queue.ts'

const THUMB_SIZE = 512

export interface RunDeps {
  database: Database
  storage: StorageService
  queue: JobQueue
  engines: EngineRouter
  /** the fidelity thresholds per kind (FIDELITY_THRESHOLDS); the contract's defaults when absent */
  fidelity?: FidelitySettings
}

export interface RunContext {
  workerId: string
  signal: AbortSignal
  tmpDir: string
  onProgress(fraction: number): void
}

/** What a finished run tells the worker to commit. */
export interface RunOutcome {
  patch: Partial<GenerationRow>
  /** credits of steps that did not deliver: released, the rest captured (docs/product.md#credit-holds) */
  release?: { amount: number; reason: string }
  reply?: string
}

/**
 * Run one claimed job to its outputs: load its input, run its kind's steps in order on the engines configured
 * for them (docs/architecture.md#vocabulary), store the files (blobs before rows) and return what the row
 * should say. A step whose output the kind keeps is checkpointed, so a retry resumes after it. Throws
 * EngineError on failure; the worker decides between retry and fail-and-release.
 */
export async function runJob(deps: RunDeps, row: GenerationRow, rc: RunContext): Promise<RunOutcome> {
  const mode = row.mode as Kind
  const payload = JobPayload.safeParse(row.payload)
  const parsed =
    payload.success && mode in KINDS ? definitionOf(mode).task.safeParse(payload.data.task) : null
  if (!parsed?.success) throw new EngineError('invalid_input', { id: 'unreadable_job' })
  const definition = definitionOf(mode)
  const task = parsed.data as { inputKey: string }
  const plan = await planStateOf(deps.database.db, row.userId)
  const load = async (key: string) => {
    const data = await deps.storage.blobs.get(key)
    if (!data) throw new EngineError('invalid_input', { id: 'input_missing' })
    return data
  }
  const started = Date.now()
  // the steps the request's plan kept (docs/product.md#capabilities); a job without the list runs them all
  const planned = payload.success ? payload.data.steps : undefined
  const steps: KindInfo['steps'] = KINDS[mode].steps.filter((s) => !planned || planned.includes(s.step))
  const keeps = definition.keeps ?? {}
  const meta: Record<string, unknown> = { ...(row.metadata as Record<string, unknown>) }
  const facts: EngineFacts[] = []
  const input = await load(task.inputKey)
  let previous: { data: Buffer; key: string; engine: EngineId; model: string } | null = null
  // each step's engine and model, for the result's recipe (docs/decisions/0098-recipe-and-run-again.md)
  const ran: { step: Step; engine: string; model: string }[] = []
  const recipeWith = (engine: string, model: string) =>
    row.recipe ? { recipe: { ...row.recipe, engine, model, steps: ran } } : {}

  for (const [i, { step, phase }] of steps.entries()) {
    const last = i === steps.length - 1
    const kept = keeps[step]
    // a step whose output was kept by an earlier attempt is not run again
    const keptKey =
      kept && typeof meta[kept.metadataKey] === 'string' ? (meta[kept.metadataKey] as string) : null
    const choice = deps.engines.choose(step, plan, payload.success ? payload.data.engine : undefined)
    if (keptKey) {
      previous = { data: await load(keptKey), key: keptKey, engine: choice.engine.id, model: choice.model }
      ran.push({ step, engine: choice.engine.id, model: choice.model })
      continue
    }
    let result: EngineResult
    let changedArea: number | null
    let engineTask: EngineTask
    const ctx = engineContext(row, rc, choice.model, i / steps.length, (i + 1) / steps.length)
    // a masked edit goes back onto its source here, once for every engine
    // (docs/decisions/0060-compositing-once-in-the-runner.md)
    const runOnce = async (t: EngineTask) =>
      placeOnSource(t, await choice.engine.run(t, ctx), { measure: last })
    try {
      engineTask = await definition.steps[step]!(task, {
        database: deps.database,
        jobId: row.id,
        load,
        input,
        previous: previous?.data ?? null,
      })
      ;({ result, changedArea } = await runOnce(engineTask))
    } catch (err) {
      // a later step that fails for good: the user keeps what the earlier steps made, and gets back the credits
      // of the steps that did not deliver (docs/product.md#staging-phases)
      if (previous && err instanceof EngineError && !err.retryable && err.code !== 'cancelled') {
        return keepPartial(deps, row, {
          started,
          meta,
          facts,
          steps,
          failedAt: i,
          previous,
          error: err,
          recipe: recipeWith(previous.engine, previous.model),
        })
      }
      throw err
    }
    if (last) {
      // every image result is measured against its input (docs/product.md#fidelity); a hosted one that misses
      // the kind's threshold is made once more with strict lines at no charge, then failed and released
      const judge = (r: EngineResult, rerun = false) =>
        judgeResult(deps.fidelity, { kind: mode, task, input, output: r.outputs[0], rerun })
      let judged = await judge(result)
      if (judged?.missed && choice.engine.id !== 'local') {
        ;({ result, changedArea } = await runOnce(strictLines(engineTask)))
        judged = await judge(result, true)
        if (judged?.missed) throw new EngineError('fidelity_missed', missedReason(judged.report))
      }
      facts.push(result.facts)
      ran.push({ step, engine: result.facts.engine, model: result.facts.model || choice.model })
      const stored = await storeOutputs(deps.storage, row, result.outputs, 'output')
      const overlayKey = judged && userKey(row.userId, row.id, 'fidelity.png')
      if (judged && overlayKey) await deps.storage.blobs.put(overlayKey, judged.overlay, 'image/png')
      return {
        patch: {
          ...stored,
          engine: result.facts.engine,
          model: result.facts.model || choice.model,
          ...recipeWith(result.facts.engine, result.facts.model || choice.model),
          processingTimeMs: Date.now() - started,
          enhancedPrompt: result.facts.enhancedPrompt ?? row.enhancedPrompt,
          metadata: {
            ...meta,
            ...stored.dimensions,
            ...(phase
              ? { phases: { ...(meta.phases as object), ...phasesThrough(steps, i, 'completed') } }
              : {}),
            ...factsMetadata(facts, meta),
            ...(changedArea === null ? {} : { changedArea: Math.round(changedArea * 10_000) / 10_000 }),
            ...(judged ? { fidelity: judged.report, fidelityOverlayKey: overlayKey } : {}),
            // what the queue compares sibling variations by (docs/decisions/0107-identical-variations-are-not-charged.md)
            ...digestOf(result.outputs[0]),
          },
        },
        ...(result.facts.reply ? { reply: result.facts.reply } : {}),
        // a local result below the threshold is kept, and not charged: its hold is released with the reason
        // (docs/product.md#credit-holds)
        ...(judged?.missed
          ? {
              release: {
                amount: refundFor(row.creditsCost, row.creditsRefunded),
                reason: missedRelease(judged.report),
              },
            }
          : {}),
      }
    }
    facts.push(result.facts)
    ran.push({ step, engine: result.facts.engine, model: result.facts.model || choice.model })
    const out = firstImage(result)
    const key = userKey(row.userId, row.id, `${kept?.file ?? step}.${extensionOf(out.contentType)}`)
    await deps.storage.blobs.put(key, out.data, out.contentType)
    previous = { data: out.data, key, engine: result.facts.engine, model: result.facts.model || choice.model }
    if (kept) {
      Object.assign(meta, {
        [kept.metadataKey]: key,
        phases: { ...(meta.phases as object), ...phasesThrough(steps, i, 'pending') },
      })
      const saved = await deps.queue.saveCheckpoint(row.id, rc.workerId, { metadata: meta })
      if (!saved) throw new EngineError('cancelled', 'The job was taken over by another worker')
    }
  }
  throw new EngineError('provider_failed', { id: 'no_result' })
}

/** The phases of a multi-step kind once step `i` is done: earlier ones completed, the next ones as given. */
function phasesThrough(steps: KindInfo['steps'], i: number, rest: 'pending' | 'completed' | 'failed') {
  return Object.fromEntries(
    steps.flatMap((s, j) =>
      s.phase ? [[s.phase, j <= i ? 'completed' : j === i + 1 ? rest : 'pending']] : [],
    ),
  )
}

/** What the engines said about the work, across the steps, for the details panel and the result screens. */
function factsMetadata(facts: EngineFacts[], meta: Record<string, unknown>): Record<string, unknown> {
  const lastFacts = facts[facts.length - 1]!
  const notes = [...((meta.notes as StoredNote[] | undefined) ?? []), ...facts.flatMap((f) => f.notes ?? [])]
  return {
    ...(lastFacts.draft ? { draft: true } : {}),
    ...(lastFacts.operations ? { operations: lastFacts.operations } : {}),
    ...(lastFacts.refused?.length ? { refused: lastFacts.refused } : {}),
    ...(lastFacts.kept?.length ? { kept: lastFacts.kept } : {}),
    ...(notes.length ? { notes } : {}),
    ...(lastFacts.reply ? { reply: lastFacts.reply } : {}),
  }
}

/** Complete with the last step's output that was delivered, releasing the steps from `failedAt` on. */
async function keepPartial(
  deps: RunDeps,
  row: GenerationRow,
  p: {
    started: number
    meta: Record<string, unknown>
    facts: EngineFacts[]
    steps: KindInfo['steps']
    failedAt: number
    previous: { data: Buffer; key: string; engine: EngineId; model: string }
    error: EngineError
    recipe: Partial<GenerationRow>
  },
): Promise<RunOutcome> {
  const { width, height } = await sharp(p.previous.data).metadata()
  const thumbKey = userKey(row.userId, row.id, 'thumb.webp')
  await deps.storage.blobs.put(thumbKey, await thumbnail(p.previous.data), 'image/webp')
  const undelivered = p.steps.slice(p.failedAt)
  const failedPhase = p.steps[p.failedAt]!.phase ?? 'last'
  return {
    patch: {
      outputImageKey: p.previous.key,
      thumbnailKey: thumbKey,
      engine: p.previous.engine,
      model: p.previous.model,
      ...p.recipe,
      processingTimeMs: Date.now() - p.started,
      metadata: {
        ...p.meta,
        width,
        height,
        ...(p.facts.length ? factsMetadata(p.facts, p.meta) : {}),
        phases: { ...(p.meta.phases as object), ...phasesThrough(p.steps, p.failedAt - 1, 'failed') },
        // why the phase failed: English for API users, reason ids the screens translate
        // (docs/decisions/0066-failure-reasons-are-ids.md)
        note: p.error.userMessage,
        ...(p.error.reasons.length ? { failure: p.error.reasons } : {}),
      },
    },
    release: {
      amount: undelivered.reduce((n, s) => n + (s.credits ?? 0), 0),
      reason: `the ${failedPhase} phase failed`,
    },
  }
}

function engineContext(
  row: GenerationRow,
  rc: RunContext,
  model: string,
  from: number,
  to: number,
): EngineContext {
  return {
    jobId: row.id,
    signal: rc.signal,
    tmpDir: rc.tmpDir,
    model,
    reportProgress: (f) => rc.onProgress(from + (to - from) * Math.max(0, Math.min(1, f))),
  }
}

function firstImage(r: EngineResult): Extract<EngineOutput, { kind: 'image' }> {
  const out = r.outputs.find((o) => o.kind === 'image')
  if (!out) throw new EngineError('provider_failed', { id: 'no_image' })
  return out
}

async function storeOutputs(
  storage: StorageService,
  row: GenerationRow,
  outputs: EngineOutput[],
  name: string,
) {
  const out = outputs[0]
  if (!out) throw new EngineError('provider_failed', { id: 'no_result' })
  const thumbKey = userKey(row.userId, row.id, 'thumb.webp')
  if (out.kind === 'video') {
    const videoKey = userKey(row.userId, row.id, `${name}.mp4`)
    const posterKey = userKey(row.userId, row.id, 'poster.jpg')
    await storage.blobs.put(videoKey, out.data, 'video/mp4')
    await storage.blobs.put(posterKey, out.poster, 'image/jpeg')
    await storage.blobs.put(thumbKey, await thumbnail(out.poster), 'image/webp')
    return {
      outputVideoKey: videoKey,
      outputImageKey: posterKey,
      thumbnailKey: thumbKey,
      dimensions: { width: out.width, height: out.height, duration: out.durationSeconds, frames: out.frames },
    }
  }
  const key = userKey(row.userId, row.id, `${name}.${extensionOf(out.contentType)}`)
  await storage.blobs.put(key, out.data, out.contentType)
  await storage.blobs.put(thumbKey, await thumbnail(out.data), 'image/webp')
  return { outputImageKey: key, thumbnailKey: thumbKey, dimensions: { width: out.width, height: out.height } }
}

/** Server-made gallery thumbnails: the grid never scales full images in the browser. */
function thumbnail(image: Buffer): Promise<Buffer> {
  return sharp(image)
    .rotate()
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer()
}

/** Ask Parti: the assistant's answer goes into the conversation with the result. */
export async function recordAssistantReply(
  database: Database,
  row: GenerationRow,
  text: string,
): Promise<void> {
  const conversationId = (row.payload as { task?: { conversationId?: string | null } }).task?.conversationId
  if (!conversationId) return
  // the conversation may have been deleted while the edit ran: then there is nobody to answer
  const [exists] = await database.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
  if (!exists) return
  await database.db
    .insert(messages)
    .values({
      id: uuidv7(),
      conversationId,
      userId: row.userId,
      role: 'assistant',
      text,
      generationId: row.id,
    })
    .catch(() => {})
}

/** The SHA-256 of an image output's bytes, as `outputDigest`; nothing for other outputs. */
function digestOf(out: EngineOutput | undefined): { outputDigest?: string } {
  return out?.kind === 'image' ? { outputDigest: createHash('sha256').update(out.data).digest('hex') } : {}
}
