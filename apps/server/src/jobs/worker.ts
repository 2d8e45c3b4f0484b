import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FailureReason } from '@parti/contract'
import type { Logger } from 'pino'
import type { Database } from '../db/client.ts'
import { isDatabaseUnavailable } from '../db/unavailable.ts'
import { retryDelayMs } from '../domain/jobs.ts'
import { EngineError } from '../engines/types.ts'
import { uuidv7 } from '../lib/ids.ts'
import { type GenerationRow, JOBS_CHANNEL, type JobQueue } from './queue.ts'
import { type RunDeps, recordAssistantReply, runJob } from './run-job.ts'

export interface WorkerOptions {
  concurrency: number
  leaseSeconds: number
  /** a hard limit per job, whatever the engine does */
  jobTimeoutMs: number
  /** the fallback poll when no notification arrives (NOTIFY is the fast path) */
  pollIntervalMs: number
}

const GENERIC_FAILURE: FailureReason = { id: 'job_failed' }
/** About a minute of backoff (0.5 s doubling to 15 s) before a job's end is left to its lease. */
const SETTLE_RETRIES = 8

/**
 * Claims jobs and runs them, up to `concurrency` at a time. A NOTIFY on parti_jobs wakes it at once; a slow
 * poll covers missed notifications and delayed retries. Each running job renews its lease; losing the lease
 * aborts the engine, and stopping releases what has not finished.
 */
export class Worker {
  readonly id = `${hostname()}:${process.pid}:${uuidv7().slice(-8)}`
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void> }>()
  private stopped = true
  private wake: (() => void) | null = null
  private poked = false
  private loopDone: Promise<void> | null = null
  private unlisten: (() => Promise<void>) | null = null
  private sweepTimer: NodeJS.Timeout | null = null

  constructor(
    private readonly database: Database,
    private readonly queue: JobQueue,
    private readonly deps: RunDeps,
    private readonly log: Logger,
    private readonly options: WorkerOptions,
  ) {}

  async start(): Promise<void> {
    this.stopped = false
    this.unlisten = await this.database.listen(JOBS_CHANNEL, () => this.poke())
    this.sweepTimer = setInterval(() => {
      this.queue
        .sweepExhausted()
        .then(
          (n) =>
            n && this.log.warn({ failed: n }, 'failed jobs whose workers kept dying; their credits released'),
        )
        .catch((err) => this.log.error({ err }, 'sweep failed'))
      this.poke()
    }, this.options.leaseSeconds * 500)
    this.loopDone = this.loop()
    this.log.info({ workerId: this.id, concurrency: this.options.concurrency }, 'worker started')
  }

  /** Stop claiming; give running jobs `graceMs` to finish, then abort and release them for another worker. */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.stopped) return
    this.stopped = true
    if (this.sweepTimer) clearInterval(this.sweepTimer)
    this.poke()
    await this.unlisten?.()
    await this.loopDone
    const all = Promise.all([...this.running.values()].map((r) => r.done))
    const timedOut = await Promise.race([all.then(() => false), delay(graceMs).then(() => true)])
    if (timedOut) {
      for (const r of this.running.values())
        r.abort.abort(new EngineError('cancelled', 'The worker is shutting down'))
      await all
    }
  }

  /**
   * Wakes the loop. A poke that comes while the loop is not asleep (a NOTIFY landing during a claim that just
   * missed the new job) is kept for the next sleep, which then returns at once instead of waiting a poll.
   */
  private poke(): void {
    const w = this.wake
    this.wake = null
    if (w) w()
    else this.poked = true
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      if (this.running.size >= this.options.concurrency) {
        await this.sleep(this.options.pollIntervalMs)
        continue
      }
      let row: GenerationRow | null = null
      try {
        row = await this.queue.claim(this.id, this.options.leaseSeconds)
      } catch (err) {
        this.log.error({ err }, 'claiming a job failed')
        await this.sleep(1000)
        continue
      }
      if (!row) {
        const next = await this.queue.nextRunAt().catch(() => null)
        const untilNext = next ? next.getTime() - Date.now() + 10 : this.options.pollIntervalMs
        await this.sleep(Math.max(10, Math.min(this.options.pollIntervalMs, untilNext)))
        continue
      }
      this.track(row)
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve()
    if (this.poked) {
      this.poked = false
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.wake = null
        resolve()
      }, ms)
      this.wake = () => {
        clearTimeout(t)
        resolve()
      }
    })
  }

  private track(row: GenerationRow): void {
    const abort = new AbortController()
    // nothing a job does may take the worker down: whatever escapes is logged, and the job's lease running out
    // brings it back to a worker
    const done = this.execute(row, abort)
      .catch((err) =>
        this.log.error({ err, jobId: row.id }, 'job handling failed; its lease will bring it back'),
      )
      .finally(() => {
        this.running.delete(row.id)
        this.poke()
      })
    this.running.set(row.id, { abort, done })
  }

  private async execute(row: GenerationRow, abort: AbortController): Promise<void> {
    const log = this.log.child({ jobId: row.id, mode: row.mode, attempt: row.attempts })
    const lease = this.options.leaseSeconds
    const renew = setInterval(
      () => {
        this.queue
          .renewLease(row.id, this.id, lease)
          .then((kept) => {
            if (!kept) abort.abort(new EngineError('cancelled', 'The job was taken over by another worker'))
          })
          .catch((err) => log.warn({ err }, 'lease renewal failed'))
      },
      (lease * 1000) / 3,
    )
    const timeout = setTimeout(
      () => abort.abort(new EngineError('timeout', { id: 'timed_out' })),
      this.options.jobTimeoutMs,
    )
    let lastProgressAt = 0
    let lastProgress = 0
    const onProgress = (f: number) => {
      const now = Date.now()
      if (now - lastProgressAt < 300 || Math.abs(f - lastProgress) < 0.02) return
      lastProgressAt = now
      lastProgress = f
      void this.queue.reportProgress(row, this.id, f).catch(() => {})
    }
    const started = Date.now()
    let tmpDir: string | null = null
    try {
      const tmpRoot = join(tmpdir(), 'parti-jobs')
      await mkdir(tmpRoot, { recursive: true })
      tmpDir = await mkdtemp(join(tmpRoot, `${row.id}-`))
      const outcome = await raceAbort(
        runJob(this.deps, row, { workerId: this.id, signal: abort.signal, tmpDir, onProgress }),
        abort.signal,
      )
      const done = await this.settle('completing the job', log, () =>
        this.queue.complete(row.id, this.id, { ...outcome.patch, release: outcome.release }),
      )
      if (done && outcome.reply)
        await recordAssistantReply(this.database, done, outcome.reply).catch((err) =>
          log.warn({ err }, 'the reply could not be added to the conversation'),
        )
      log.info({ ms: Date.now() - started, outcome: done ? 'completed' : 'lease lost' }, 'job finished')
    } catch (err) {
      await this.handleFailure(row, err, abort, log)
    } finally {
      clearInterval(renew)
      clearTimeout(timeout)
      if (tmpDir) await rm(tmpDir, { recursive: true, force: true }).catch(() => {})
    }
  }

  /**
   * A write that ends a job (complete, retry, fail, release). While the database is away it is tried again with
   * backoff for about a minute; if it is still away the job is left to its lease, which brings it back to a
   * worker, so nothing is lost and the process stays up. Any other error is the caller's.
   */
  private async settle<T>(what: string, log: Logger, write: () => Promise<T>): Promise<T | null> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await write()
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err
        if (attempt >= SETTLE_RETRIES) {
          log.error({ err }, `${what}: the database stayed away; the job returns when its lease runs out`)
          return null
        }
        log.warn({ err, attempt }, `${what}: the database is away; trying again`)
        await delay(Math.min(15_000, 500 * 2 ** attempt))
      }
    }
  }

  private async handleFailure(row: GenerationRow, err: unknown, abort: AbortController, log: Logger) {
    const reason = abort.signal.aborted ? abort.signal.reason : err
    const e =
      reason instanceof EngineError
        ? reason
        : new EngineError('transient', GENERIC_FAILURE, { cause: reason, detail: String(reason) })
    if (e.code === 'cancelled' && this.stopped) {
      await this.settle('releasing the job', log, () => this.queue.release(row.id, this.id))
      log.info('job released for another worker (shutdown)')
      return
    }
    if (e.code === 'cancelled') {
      log.warn('job abandoned: lease lost')
      return
    }
    if (e.retryable && row.attempts < row.maxAttempts) {
      const wait = retryDelayMs(row.attempts)
      log.warn({ err: e, retryInMs: wait }, 'job failed for now; will retry')
      await this.settle('putting the job back', log, () =>
        this.queue.retryLater(row.id, this.id, wait, 'Retrying after a temporary problem'),
      )
      return
    }
    log.warn({ err: e, code: e.code }, 'job failed; credits released')
    const failed = await this.settle('failing the job', log, () =>
      this.queue.fail(row.id, this.id, { error: e.userMessage, code: e.code, reasons: e.reasons }),
    )
    if (failed)
      await recordAssistantReply(this.database, failed, e.userMessage).catch((err) =>
        log.warn({ err }, 'the reply could not be added to the conversation'),
      )
  }
}

function delay(ms: number) {
  return new Promise((r) => setTimeout(r, ms))
}

/** Stop waiting as soon as the job is aborted, even if an engine ignores its signal. */
function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort)
        resolve(v)
      },
      (e) => {
        signal.removeEventListener('abort', onAbort)
        reject(e)
      },
    )
  })
}
