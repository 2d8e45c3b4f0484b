import type WebSocket from 'ws'
import type { OnAbort } from '../shared/deadline.ts'
import { sleep } from '../shared/http.ts'
import type { Progress } from '../shared/progress.ts'
import {
  type ComfyEvent,
  type ComfyHistoryEntry,
  ComfyPromptRejected,
  type ComfyServer,
  ComfyServerGone,
  outputFiles,
} from './client.ts'
import type { ComfyJob } from './index.ts'
import { fillWorkflow, type Workflow } from './workflows.ts'

export interface PromptRun {
  jobId: string
  signal: AbortSignal
  onAbort: OnAbort
  progress: Progress
  pollIntervalMs: number
}

/** A prompt that failed while running (a node raised): the detail is for the server log. */
export class ComfyExecutionFailed extends Error {
  override name = 'ComfyExecutionFailed'
}

/**
 * One attempt on one server: upload the inputs, queue the filled graph, follow /ws (progress, done, error)
 * with /history polling as the fallback, then fetch the output file with /view.
 */
export async function runPrompt(server: ComfyServer, wf: Workflow, job: ComfyJob, run: PromptRun) {
  const values = { ...job.values }
  for (const [field, data] of Object.entries(job.uploads)) {
    values[field as keyof typeof values] = await server.uploadImage(
      `${run.jobId}-${field}.png`,
      data,
      run.signal,
    )
  }
  const graph = fillWorkflow(wf, values)
  const clientId = randomClientId()
  const events: ComfyEvent[] = []
  let wake: (() => void) | null = null
  const ws: WebSocket | null = await server.connect(clientId, (e) => {
    events.push(e)
    wake?.()
  })
  try {
    let promptId: string
    try {
      // not abortable: a prompt queued while the job is cancelled must still be removed
      promptId = await server.queuePrompt(graph, clientId, AbortSignal.timeout(60_000))
    } catch (err) {
      if (err instanceof ComfyPromptRejected)
        throw new ComfyExecutionFailed(`prompt rejected: ${err.message}`)
      throw err
    }
    run.onAbort(() => server.cancel(promptId))
    run.signal.throwIfAborted()
    const entry = await followPrompt(server, promptId, run, ws !== null, events, (w) => {
      wake = w
    })
    run.onAbort(null)
    const file = outputFiles(entry, wf.outputNode)[0]
    if (!file)
      throw new ComfyExecutionFailed(
        `prompt ${promptId} finished without an output from node ${wf.outputNode}`,
      )
    run.progress.downloading()
    return await server.view(file, run.signal)
  } finally {
    ws?.close()
  }
}

async function followPrompt(
  server: ComfyServer,
  promptId: string,
  run: PromptRun,
  streaming: boolean,
  events: ComfyEvent[],
  setWake: (w: (() => void) | null) => void,
): Promise<ComfyHistoryEntry> {
  let polling = !streaming
  for (let round = 1; ; round++) {
    let finished = false
    let dropped = false
    while (events.length) {
      const e = events.shift()!
      if (e.type === 'closed') dropped = true
      else if (e.promptId !== promptId) continue
      else if (e.type === 'progress' && e.max > 0) run.progress.running(e.value / e.max)
      else if (e.type === 'error') throw new ComfyExecutionFailed(`prompt ${promptId}: ${e.message}`)
      else if (e.type === 'done') finished = true
    }
    // the history is the truth; the stream only says when to look. Without a stream, poll; with one, look
    // now and then anyway, so a missed "done" cannot hang the job.
    if (finished || dropped || polling || round % 5 === 0) {
      const entry = await server.history(promptId, run.signal)
      if (entry && isFinished(entry)) return checked(entry, promptId)
      if (dropped || (polling && round % 10 === 0)) {
        const lost = await lostCheck(server, promptId, run.signal)
        if (lost) return lost
      }
      if (dropped) polling = true
    }
    if (polling) run.progress.running()
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        setWake(null)
        resolve()
      }
      setWake(done)
      sleep(run.pollIntervalMs, run.signal).then(done, reject)
    })
  }
}

/**
 * A prompt neither in the history nor in the queue was lost (the server restarted, or is gone): the job must
 * start again elsewhere. Read the history once more after the queue, since a prompt may finish in between.
 */
async function lostCheck(server: ComfyServer, promptId: string, signal: AbortSignal) {
  const load = await server.load(signal).catch(() => null)
  if (!load) throw new ComfyServerGone(`${server.url} stopped answering`)
  if (load.ids.includes(promptId)) return null
  const entry = await server.history(promptId, signal)
  if (entry && isFinished(entry)) return checked(entry, promptId)
  throw new ComfyServerGone(`${server.url} lost prompt ${promptId}`)
}

function isFinished(entry: ComfyHistoryEntry): boolean {
  return entry.status?.completed === true || entry.status?.status_str === 'error' || !!entry.outputs
}

function checked(entry: ComfyHistoryEntry, promptId: string): ComfyHistoryEntry {
  if (entry.status?.status_str === 'error') {
    const messages = JSON.stringify(entry.status.messages ?? []).slice(0, 400)
    throw new ComfyExecutionFailed(`prompt ${promptId} failed: ${messages}`)
  }
  return entry
}

function randomClientId(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '')
}
