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
      promptId = await server.queuePrompt(graph, clientId, run.signal)
    } catch (err) {
      if (err instanceof ComfyPromptRejected)
        throw new ComfyExecutionFailed(`prompt rejected: ${err.message}`)
      throw err
    }
    run.onAbort(() => server.cancel(promptId))
    const entry = await followPrompt(server, promptId, run, ws !== null, events, (w) => {
      wake = w
    })
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
  let closed = !streaming
  for (;;) {
    let finished = false
    while (events.length) {
      const e = events.shift()!
      if (e.type === 'closed') closed = true
      else if (e.promptId !== promptId) continue
      else if (e.type === 'progress' && e.max > 0) run.progress.running(e.value / e.max)
      else if (e.type === 'error') throw new ComfyExecutionFailed(`prompt ${promptId}: ${e.message}`)
      else if (e.type === 'done') finished = true
    }
    // the history is the truth; the stream only says when to look
    if (finished || closed) {
      const entry = await server.history(promptId, run.signal)
      if (entry && isFinished(entry)) return checked(entry, promptId)
      if (closed && !entry) await confirmQueued(server, promptId, run.signal)
    }
    if (!streaming || closed) run.progress.running()
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        setWake(null)
        resolve()
      }
      setWake(done)
      sleep(streaming && !closed ? run.pollIntervalMs * 5 : run.pollIntervalMs, run.signal).then(done, reject)
    })
    if (!finished && !closed && streaming) {
      // a slow safety poll even while streaming: a missed "done" must not hang the job
      const entry = await server.history(promptId, run.signal)
      if (entry && isFinished(entry)) return checked(entry, promptId)
    }
  }
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

/** After the stream dropped: a prompt neither finished nor queued was lost with a restart. */
async function confirmQueued(server: ComfyServer, promptId: string, signal: AbortSignal): Promise<void> {
  const load = await server.load(signal).catch(() => null)
  if (!load) throw new ComfyServerGone(`${server.url} stopped answering`)
  if (!load.ids.includes(promptId)) throw new ComfyServerGone(`${server.url} lost prompt ${promptId}`)
}

function randomClientId(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '')
}
