import type WebSocket from 'ws'
import { scaleControlNets } from '../shared/follow-lines.ts'
import { sleep } from '../shared/http.ts'
import type { QueueClient, QueuedJob, QueuedStatus } from '../shared/queued-run.ts'
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

/** A prompt that failed while running (a node raised): the detail is for the server log. */
class ComfyExecutionFailed extends Error {
  override name = 'ComfyExecutionFailed'
}

type PromptJob = QueuedJob<ComfyHistoryEntry>

/**
 * One attempt on one server, as a queue the shared run drives: upload the inputs and queue the filled graph,
 * follow /ws (progress, done, error) with /history as the truth and the fallback, then fetch the output file
 * with /view.
 */
export function promptClient(
  server: ComfyServer,
  wf: Workflow,
  job: ComfyJob,
  jobId: string,
): QueueClient<PromptJob, ComfyHistoryEntry> {
  const events: ComfyEvent[] = []
  let wake: (() => void) | null = null
  let ws: WebSocket | null = null
  let polling = false
  let round = 0

  return {
    async submit(signal) {
      const values = { ...job.values }
      for (const [field, data] of Object.entries(job.uploads))
        values[field as keyof typeof values] = await server.uploadImage(`${jobId}-${field}.png`, data, signal)
      const graph = fillWorkflow(wf, values)
      scaleControlNets(graph, job.followLines ?? 'balanced')
      const clientId = randomClientId()
      ws = await server.connect(clientId, (e) => {
        events.push(e)
        wake?.()
      })
      polling = ws === null
      try {
        // not abortable: a prompt queued while the job is cancelled must still be removed
        return { id: await server.queuePrompt(graph, clientId, AbortSignal.timeout(60_000)) }
      } catch (err) {
        ws?.close()
        if (err instanceof ComfyPromptRejected)
          throw new ComfyExecutionFailed(`prompt rejected: ${err.message}`)
        throw err
      }
    },
    status: (prompt, signal) => follow(prompt.id, signal),
    async result(prompt, entry, signal) {
      const file = outputFiles(entry, wf.outputNode)[0]
      if (!file)
        throw new ComfyExecutionFailed(
          `prompt ${prompt.id} finished without an output from node ${wf.outputNode}`,
        )
      return server.view(file, signal)
    },
    cancel: (prompt) => server.cancel(prompt.id),
    watch: () => ({
      // an event on the stream ends the wait early
      wait: (ms, signal) =>
        new Promise<boolean>((resolve, reject) => {
          const done = (woken: boolean) => {
            wake = null
            resolve(woken)
          }
          wake = () => done(true)
          sleep(ms, signal).then(() => done(false), reject)
        }),
      close: () => ws?.close(),
    }),
  }

  /**
   * The history is the truth; the stream only says when to look. Without a stream, poll; with one, look now
   * and then anyway, so a missed "done" cannot hang the job.
   */
  async function follow(promptId: string, signal: AbortSignal): Promise<QueuedStatus<ComfyHistoryEntry>> {
    round++
    let finished = false
    let dropped = false
    let fraction: number | null = null
    while (events.length) {
      const e = events.shift()!
      if (e.type === 'closed') dropped = true
      else if (e.promptId !== promptId) continue
      else if (e.type === 'progress' && e.max > 0) fraction = e.value / e.max
      else if (e.type === 'error') throw new ComfyExecutionFailed(`prompt ${promptId}: ${e.message}`)
      else if (e.type === 'done') finished = true
    }
    if (finished || dropped || polling || round % 5 === 0) {
      const entry = await server.history(promptId, signal)
      if (entry && isFinished(entry)) return { state: 'succeeded', done: checked(entry, promptId) }
      if (dropped || (polling && round % 10 === 0)) {
        const lost = await lostCheck(server, promptId, signal)
        if (lost) return { state: 'succeeded', done: lost }
      }
      if (dropped) polling = true
    }
    if (fraction !== null) return { state: 'running', progress: fraction }
    return polling ? { state: 'running' } : { state: 'queued' }
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
