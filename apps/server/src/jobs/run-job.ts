import { COSTS } from '@parti/contract'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { Database } from '../db/client.ts'
import { colorPalettes, conversations, messages, users } from '../db/schema.ts'
import { subscriptionIsActive } from '../domain/priority.ts'
import type { EngineRouter } from '../engines/router.ts'
import {
  type ConversationTurn,
  type EngineContext,
  EngineError,
  type EngineOutput,
  type EngineResult,
  type EngineTask,
} from '../engines/types.ts'
import { uuidv7 } from '../lib/ids.ts'
import { type StorageService, userKey } from '../storage/service.ts'
import { extensionOf } from '../storage/types.ts'
import { JobPayload, type JobTask } from './payload.ts'
import type { GenerationRow, JobQueue } from './queue.ts'

const THUMB_SIZE = 512

export interface RunDeps {
  database: Database
  storage: StorageService
  queue: JobQueue
  engines: EngineRouter
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
  refund?: { amount: number; description: string }
  reply?: string
}

/**
 * Run one claimed job to its outputs: load inputs, call the engine(s) for its kind, store the files (blobs
 * before rows) and return what the row should say. Throws EngineError on failure; the worker decides between
 * retry and fail-and-refund.
 */
export async function runJob(deps: RunDeps, row: GenerationRow, rc: RunContext): Promise<RunOutcome> {
  const payload = JobPayload.safeParse(row.payload)
  if (!payload.success)
    throw new EngineError('invalid_input', 'This job was queued in a format this server cannot read')
  const task = payload.data.task
  const plan = await planOf(deps.database, row.userId)
  const load = async (key: string) => {
    const data = await deps.storage.blobs.get(key)
    if (!data) throw new EngineError('invalid_input', 'The input file is missing')
    return data
  }
  const started = Date.now()

  if (task.kind === 'staging') return runStaging(deps, row, rc, task, plan, load)

  const engineTask = await toEngineTask(deps, row, task, load)
  const { engine, model } = deps.engines.choose(engineTask.kind, plan)
  const result = await engine.run(engineTask, engineContext(row, rc, model, 0, 1))
  const stored = await storeOutputs(deps.storage, row, result.outputs, 'output')
  return {
    patch: {
      ...stored,
      engine: result.facts.engine,
      model: result.facts.model || model,
      processingTimeMs: Date.now() - started,
      enhancedPrompt: result.facts.enhancedPrompt ?? row.enhancedPrompt,
      metadata: {
        ...row.metadata,
        ...stored.dimensions,
        ...(result.facts.draft ? { draft: true } : {}),
        ...(result.facts.operations ? { operations: result.facts.operations } : {}),
        ...(result.facts.notes ? { notes: result.facts.notes } : {}),
        ...(result.facts.reply ? { reply: result.facts.reply } : {}),
      },
    },
    ...(result.facts.reply ? { reply: result.facts.reply } : {}),
  }
}

/** spec §4: staging runs a cleaning phase, then a staging phase; the cleaned image is kept (and resumable). */
async function runStaging(
  deps: RunDeps,
  row: GenerationRow,
  rc: RunContext,
  task: Extract<JobTask, { kind: 'staging' }>,
  plan: { name: string | null; active: boolean },
  load: (key: string) => Promise<Buffer>,
): Promise<RunOutcome> {
  const started = Date.now()
  const original = await load(task.inputKey)
  const meta = { ...(row.metadata as Record<string, unknown>) }
  let cleanedKey = typeof meta.cleanedImageKey === 'string' ? meta.cleanedImageKey : null
  let cleaned: Buffer
  const cleanChoice = deps.engines.choose('staging-clean', plan)
  if (cleanedKey) {
    cleaned = await load(cleanedKey)
  } else {
    const r = await cleanChoice.engine.run(
      {
        kind: 'staging-clean',
        input: original,
        mask: task.maskKey ? await load(task.maskKey) : null,
        roomType: task.roomType,
        options: task.options,
      },
      engineContext(row, rc, cleanChoice.model, 0, 0.5),
    )
    const out = firstImage(r)
    cleanedKey = userKey(row.userId, row.id, `cleaned.${extensionOf(out.contentType)}`)
    await deps.storage.blobs.put(cleanedKey, out.data, out.contentType)
    cleaned = out.data
    Object.assign(meta, {
      cleanedImageKey: cleanedKey,
      phases: { cleaning: 'completed', staging: 'pending' },
    })
    const kept = await deps.queue.saveCheckpoint(row.id, rc.workerId, { metadata: meta })
    if (!kept) throw new EngineError('cancelled', 'The job was taken over by another worker')
  }

  const stageChoice = deps.engines.choose('staging-stage', plan)
  try {
    const r = await stageChoice.engine.run(
      {
        kind: 'staging-stage',
        input: cleaned,
        original,
        prompt: task.prompt,
        roomType: task.roomType,
        options: task.options,
        stagingStyle: task.stagingStyle,
        palette: task.palette,
      },
      engineContext(row, rc, stageChoice.model, 0.5, 1),
    )
    const stored = await storeOutputs(deps.storage, row, r.outputs, 'output')
    return {
      patch: {
        ...stored,
        engine: r.facts.engine,
        model: r.facts.model || stageChoice.model,
        processingTimeMs: Date.now() - started,
        metadata: {
          ...meta,
          ...stored.dimensions,
          phases: { cleaning: 'completed', staging: 'completed' },
          ...(r.facts.operations ? { operations: r.facts.operations } : {}),
          ...(r.facts.notes
            ? { notes: [...((meta.notes as string[] | undefined) ?? []), ...r.facts.notes] }
            : {}),
        },
      },
    }
  } catch (err) {
    // a failed staging phase keeps the cleaned image and gives back the staging phase's credits (DECISIONS)
    if (err instanceof EngineError && !err.retryable && err.code !== 'cancelled') {
      const cleanedOut = await sharp(cleaned).metadata()
      const thumb = await thumbnail(cleaned)
      const thumbKey = userKey(row.userId, row.id, 'thumb.webp')
      await deps.storage.blobs.put(thumbKey, thumb, 'image/webp')
      return {
        patch: {
          outputImageKey: cleanedKey,
          thumbnailKey: thumbKey,
          engine: cleanChoice.engine.id,
          model: cleanChoice.model,
          processingTimeMs: Date.now() - started,
          metadata: {
            ...meta,
            width: cleanedOut.width,
            height: cleanedOut.height,
            phases: { cleaning: 'completed', staging: 'failed' },
            note: err.userMessage,
          },
        },
        refund: { amount: COSTS.staging.staging, description: 'Refund for the staging phase that failed' },
      }
    }
    throw err
  }
}

async function toEngineTask(
  deps: RunDeps,
  row: GenerationRow,
  task: Exclude<JobTask, { kind: 'staging' }>,
  load: (key: string) => Promise<Buffer>,
): Promise<EngineTask> {
  const input = await load(task.inputKey)
  switch (task.kind) {
    case 'sketch':
      return { ...task, input }
    case 'multi-angle':
      return { ...task, input }
    case 'inpaint':
      return { kind: 'inpaint', input, mask: await load(task.maskKey), prompt: task.prompt }
    case 'magic-edit':
      return {
        kind: 'magic-edit',
        input,
        mask: task.maskKey ? await load(task.maskKey) : null,
        prompt: task.prompt,
        palette: task.palette ?? (await paletteNamedIn(deps.database, task.prompt)),
        history: task.conversationId
          ? await conversationHistory(deps.database, task.conversationId, row.id)
          : [],
      }
    case 'animate':
      return { ...task, input }
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
  if (!out) throw new EngineError('provider_failed', 'The engine returned no image')
  return out
}

async function storeOutputs(
  storage: StorageService,
  row: GenerationRow,
  outputs: EngineOutput[],
  name: string,
) {
  const out = outputs[0]
  if (!out) throw new EngineError('provider_failed', 'The engine returned no result')
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
export function thumbnail(image: Buffer): Promise<Buffer> {
  return sharp(image)
    .rotate()
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer()
}

async function planOf(database: Database, userId: string) {
  const [u] = await database.db
    .select({ plan: users.plan, status: users.subscriptionStatus, end: users.subscriptionEndDate })
    .from(users)
    .where(eq(users.id, userId))
  return { name: u?.plan ?? null, active: u ? subscriptionIsActive(u.status, u.end) : false }
}

async function conversationHistory(database: Database, conversationId: string, excludeGenerationId: string) {
  const rows = await database.db
    .select({ role: messages.role, text: messages.text, generationId: messages.generationId })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(messages.createdAt)
  return rows
    .filter((r) => r.generationId !== excludeGenerationId || r.role === 'user')
    .slice(-20)
    .map((r): ConversationTurn => ({ role: r.role === 'assistant' ? 'assistant' : 'user', text: r.text }))
}

/** "recolour to the Japandi palette": find a palette the request names, for the local interpreter. */
async function paletteNamedIn(database: Database, prompt: string) {
  const lower = prompt.toLowerCase()
  const all = await database.db.select().from(colorPalettes)
  const hit = all.find((p) => lower.includes(p.name.toLowerCase()))
  return hit ? { id: hit.id, name: hit.name, colors: hit.colors } : null
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
