import { STEPS } from '@parti/contract'
import type { Logger } from 'pino'
import type { EngineTaskKind } from '../types.ts'
import { downloadOutput, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from './download.ts'
import { looksRefused, providerFailed, redact, refused } from './errors.ts'
import type { HostedRun } from './hosted-engine.ts'
import { isPassing, type RetryPolicy } from './http.ts'
import type { WebhookWatch } from './webhooks.ts'

/** Where a queued provider job stands. */
export type QueuedStatus<Done> =
  | { state: 'queued' }
  /** `progress` 0..1 when the provider says; otherwise the curve over the typical run time */
  | { state: 'running'; progress?: number | null }
  | { state: 'succeeded'; done: Done }
  /** `what` names the job for the log, e.g. "prediction abc failed"; `error` is the provider's own text */
  | { state: 'failed'; what: string; error: unknown }

export interface QueuedJob<Done> {
  /** the provider's id of the job: in webhooks and logs */
  id: string
  /** where it stands, when the submit's answer says */
  status?: QueuedStatus<Done>
}

/** A provider's queue as the shared run drives it, for one job. */
export interface QueueClient<Job extends QueuedJob<Done>, Done> {
  /**
   * Queues the job. The call that queues it must not be aborted by `signal` (give it its own deadline): a job
   * queued while ours is cancelled must still come back with its id, so it can be cancelled.
   */
  submit(signal: AbortSignal): Promise<Job>
  status(job: Job, signal: AbortSignal): Promise<QueuedStatus<Done>>
  /** the finished job's file: a URL (or data URI) to copy, or the bytes themselves */
  result(job: Job, done: Done, signal: AbortSignal): Promise<string | Buffer>
  /** stops the job at the provider, with its own short deadline (the job's signal has fired) */
  cancel(job: Job): Promise<void>
  /** what ends a wait between two looks early: the job's webhook, or the provider's event stream */
  watch(job: Job): WebhookWatch
}

export interface QueuedRunOptions {
  provider: string
  pollIntervalMs: number
  log: Logger
  retry?: RetryPolicy
  /** the provider's keys: never in an error's text */
  secrets?: string[]
  /**
   * A passing outage of the provider's API while the job runs (throttled, 5xx, no answer) does not end a job
   * that runs for minutes: the time limit does. Off where an unanswering server means the job is lost.
   */
  waitThroughOutages?: boolean
}

/**
 * One job through a provider's queue: submit, then look at it whenever its webhook (or event) arrives or the
 * poll interval passes, until it succeeds or fails, then copy its file. The provider's job is cancelled if
 * ours ends first (withDeadline, through `run.onAbort`); its failure becomes the kind's message, or the
 * refusal message when its text says a filter refused.
 */
export async function runQueued<Job extends QueuedJob<Done>, Done>(
  client: QueueClient<Job, Done>,
  run: HostedRun,
  options: QueuedRunOptions,
): Promise<Buffer> {
  const { signal, progress } = run
  progress.queued()
  const job = await client.submit(signal)
  run.onAbort(() => client.cancel(job))
  const watch = client.watch(job)
  let status: QueuedStatus<Done>
  try {
    signal.throwIfAborted()
    const look = () =>
      client.status(job, signal).catch((err) => {
        if (options.waitThroughOutages === false || !isPassing(err)) throw err
        options.log.warn(
          { jobId: run.jobId, id: job.id, err: String(err) },
          `${options.provider} status failed; retrying`,
        )
        return null
      })
    status = job.status ?? (await look()) ?? { state: 'queued' }
    while (status.state === 'queued' || status.state === 'running') {
      if (status.state === 'running') progress.running(status.progress)
      await watch.wait(options.pollIntervalMs, signal)
      status = (await look()) ?? status
    }
  } finally {
    watch.close()
  }
  run.onAbort(null)
  if (status.state === 'failed') throw failure(run.kind, options, status)
  progress.downloading()
  const file = await client.result(job, status.done, signal)
  const data =
    typeof file === 'string'
      ? await downloadOutput(file, {
          kind: run.kind,
          signal,
          maxBytes: STEPS[run.kind].media === 'video' ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES,
          retry: options.retry,
        })
      : file
  options.log.debug({ jobId: run.jobId, id: job.id, model: run.model }, `${options.provider} output copied`)
  return data
}

function failure(kind: EngineTaskKind, options: QueuedRunOptions, status: { what: string; error: unknown }) {
  const e = status.error
  const text = redact(typeof e === 'string' ? e : JSON.stringify(e ?? ''), options.secrets ?? [])
  const detail = `${options.provider} ${status.what}: ${text.slice(0, 300)}`
  return looksRefused(text) ? refused(kind, detail) : providerFailed(kind, detail)
}
