import { WEBHOOK_RETRY_WINDOW_HOURS, WEBHOOK_TIMEOUT_MS } from '@parti/contract'
import type { Logger } from 'pino'
import type { Db } from '../db/client.ts'
import { SafeFetchError, safePost } from '../lib/safe-fetch.ts'
import { claimDue, type DueDelivery, type Outcome, recordAttempt } from './repo.ts'
import { signatureHeaders } from './signing.ts'

export interface DelivererOptions {
  /** the first retry's delay; doubled after each failed attempt (WEBHOOK_RETRY_BASE_MS) */
  retryBaseMs: number
  /** tests only (WEBHOOK_ALLOW_LOOPBACK) */
  allowLoopback: boolean
  /** how often due deliveries are looked for */
  pollMs?: number
}

const WINDOW_MS = WEBHOOK_RETRY_WINDOW_HOURS * 3_600_000
/** No wait between two attempts is longer than this, so the last hours of the window still see a few tries. */
const MAX_DELAY_MS = 4 * 3_600_000
const BATCH = 10

/** When to try again after `attempts` failed attempts, or null when the day since the job ended is over. */
export function nextAttempt(readyAt: Date, attempts: number, retryBaseMs: number, now: Date): Date | null {
  const delay = Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS)
  const at = new Date(now.getTime() + delay)
  return at.getTime() - readyAt.getTime() > WINDOW_MS ? null : at
}

/**
 * The worker's loop of job webhooks (docs/product.md#api-webhooks): claim due deliveries, POST each signed with
 * its key's secret through the guarded client (no private address, a time limit, no redirect followed), and
 * record the answer; a 2xx is delivered, anything else is retried with exponential backoff for a day.
 */
export class CallbackDeliverer {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private stopped = false

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly options: DelivererOptions,
  ) {}

  start(): void {
    this.stopped = false
    this.schedule(0)
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.running
  }

  private schedule(ms: number) {
    if (this.stopped) return
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch((err) => this.log.error({ err }, 'webhook deliveries: a round failed'))
        .finally(() => this.schedule(this.options.pollMs ?? 1_000))
    }, ms)
  }

  /** One round: everything due now, a batch at a time. */
  async tick(): Promise<void> {
    for (;;) {
      if (this.stopped) return
      const due = await claimDue(this.db, BATCH, WEBHOOK_TIMEOUT_MS * 3)
      if (!due.length) return
      await Promise.all(due.map((d) => this.deliver(d)))
    }
  }

  private async deliver(d: DueDelivery): Promise<void> {
    const outcome = await this.attempt(d)
    await recordAttempt(this.db, d.id, outcome)
    this.log.info(
      { deliveryId: d.id, attempt: d.attempts, outcome: outcome.kind, statusCode: outcome.statusCode },
      'job webhook attempt',
    )
  }

  private async attempt(d: DueDelivery): Promise<Outcome> {
    if (!d.secret) return { kind: 'failed', statusCode: null, error: 'key_revoked' }
    let statusCode: number | null = null
    let error: string | null = null
    try {
      const answer = await safePost(d.url, {
        body: d.body,
        headers: signatureHeaders(d.secret, d.id, d.body, new Date()),
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        allowLoopback: this.options.allowLoopback,
      })
      statusCode = answer.status
      if (statusCode >= 200 && statusCode < 300) return { kind: 'delivered', statusCode }
      error = statusCode >= 300 && statusCode < 400 ? 'redirect_not_followed' : 'http_error'
    } catch (err) {
      const reason = err instanceof SafeFetchError ? err.reason : 'network'
      // an address we refuse to reach stays refused: no retries
      if (reason === 'forbidden_address' || reason === 'invalid_url')
        return { kind: 'failed', statusCode: null, error: reason }
      error = reason
    }
    const at = nextAttempt(d.readyAt, d.attempts, this.options.retryBaseMs, new Date())
    return at ? { kind: 'retry', statusCode, error, at } : { kind: 'failed', statusCode, error }
  }
}
