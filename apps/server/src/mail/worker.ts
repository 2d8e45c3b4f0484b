import type { Logger } from 'pino'
import type { Database } from '../db/client.ts'
import {
  claimMail,
  MAIL_CHANNEL,
  markAttemptFailed,
  markSent,
  nextDueAt,
  pruneSentMail,
  sweepExhaustedMail,
} from '../db/repos/mail-outbox.ts'
import { describeMailError, type Mailer } from './mailer.ts'

export interface MailWorkerOptions {
  /** attempts before a message is failed (MAIL_MAX_ATTEMPTS) */
  maxAttempts: number
  /** the first retry's delay; doubled per attempt, capped at an hour, ±20% jitter */
  retryBaseMs: number
  /** how long a claimed message is this worker's before another may take it over */
  leaseSeconds?: number
  /** sent messages older than this many days are deleted (MAIL_KEEP_DAYS); unset: kept */
  keepDays?: number
  /** the fallback poll when no notification arrives */
  pollIntervalMs?: number
}

/** The delay before attempt `attempts + 1`: base, 2×base, 4×base… at most an hour, ±20%. */
export function mailRetryDelayMs(attempts: number, baseMs: number, random = Math.random): number {
  const raw = Math.min(3_600_000, baseMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(raw * (0.8 + 0.4 * random()))
}

/**
 * Sends the outbox (docs/decisions/0068-mail-outbox-table.md), one message at a time: claim, send, mark sent;
 * a failed send is retried with backoff until its attempts run out, then marked failed with the reason. A
 * NOTIFY on parti_mail wakes it when a message is queued; otherwise it sleeps until the next one is due.
 * Runs in every worker process; any number may run at once.
 */
export class MailWorker {
  private stopped = true
  private wake: (() => void) | null = null
  private poked = false
  private loopDone: Promise<void> | null = null
  private unlisten: (() => Promise<void>) | null = null
  private idleTurns = 0

  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly log: Logger,
    private readonly options: MailWorkerOptions,
  ) {}

  async start(): Promise<void> {
    this.stopped = false
    this.unlisten = await this.database.listen(MAIL_CHANNEL, () => this.poke())
    this.loopDone = this.loop()
    this.log.info({ transport: this.mailer.kind }, 'mail worker started')
  }

  /** Stop claiming; a message being sent finishes (its send has its own timeouts). */
  async stop(): Promise<void> {
    if (this.stopped) return
    this.stopped = true
    this.poke()
    await this.unlisten?.()
    await this.loopDone
    this.mailer.close()
  }

  private poke() {
    this.poked = true
    this.wake?.()
  }

  private async loop(): Promise<void> {
    const db = this.database.db
    const poll = this.options.pollIntervalMs ?? 5_000
    while (!this.stopped) {
      try {
        this.poked = false
        const row = await claimMail(db, this.options.leaseSeconds ?? 120, this.options.maxAttempts)
        if (row) {
          await this.deliver(row)
          continue
        }
        // a message whose worker died on its last attempt: looked for now and then, not on every idle turn
        if (++this.idleTurns % 12 === 1) {
          await sweepExhaustedMail(db, this.options.maxAttempts)
          if (this.options.keepDays) await pruneSentMail(db, this.options.keepDays)
        }
        const due = await nextDueAt(db)
        const wait = due ? Math.max(0, Math.min(poll, due.getTime() - Date.now())) : poll
        await this.sleep(wait)
      } catch (err) {
        this.log.error({ err }, 'mail worker loop failed')
        await this.sleep(poll)
      }
    }
  }

  private async deliver(row: NonNullable<Awaited<ReturnType<typeof claimMail>>>): Promise<void> {
    const db = this.database.db
    try {
      const { messageId } = await this.mailer.send({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      })
      await markSent(db, row, messageId)
      this.log.info({ mailId: row.id, kind: row.kind }, 'mail sent')
    } catch (err) {
      const reason = describeMailError(err)
      const retryAt = new Date(Date.now() + mailRetryDelayMs(row.attempts, this.options.retryBaseMs))
      const outcome = await markAttemptFailed(db, row, reason, retryAt, this.options.maxAttempts)
      this.log.warn(
        { mailId: row.id, kind: row.kind, attempts: row.attempts, outcome, reason },
        'mail not sent',
      )
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.poked || this.stopped) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        resolve()
      }
      this.wake = () => {
        this.wake = null
        done()
      }
    })
  }
}
