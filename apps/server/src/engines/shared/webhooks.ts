import type { IncomingHttpHeaders } from 'node:http'
import type { Logger } from 'pino'
import type { Database } from '../../db/client.ts'
import { sleep } from './http.ts'

/**
 * Webhooks land on an API process; the job waits in a worker process, possibly on another machine. The API
 * process verifies and de-duplicates the delivery, then NOTIFYs this channel with the provider's job id; the
 * worker's adapter, woken, re-reads the job from the provider (webhooks are hints, never trusted payloads).
 */
export const ENGINE_WEBHOOK_CHANNEL = 'parti_engine_webhooks'

export type WebhookProvider = 'replicate' | 'fal'

/** What a provider's webhook verifier answers about one delivery. */
export type WebhookVerdict =
  | { ok: true; deliveryId: string; subjectId: string }
  | { ok: false; reason: 'missing_headers' | 'stale' | 'bad_signature' | 'bad_body' }

export interface WebhookReceiver {
  provider: WebhookProvider
  verify(raw: Buffer, headers: IncomingHttpHeaders): Promise<WebhookVerdict>
}

/** One provider job being waited on: `wait` ends early when its webhook arrives. */
export interface WebhookWatch {
  /** resolves true when a webhook arrived (now or since the last wait), false after `ms` */
  wait(ms: number, signal: AbortSignal): Promise<boolean>
  close(): void
}

export interface WebhookSignals {
  watch(provider: WebhookProvider, id: string): WebhookWatch
}

/** Polling only: every wait is a plain sleep (no webhooks configured, or a unit test). */
export const noWebhooks: WebhookSignals = {
  watch: () => ({
    wait: async (ms, signal) => {
      await sleep(ms, signal)
      return false
    },
    close: () => {},
  }),
}

interface Mailbox {
  arrived: boolean
  wake: (() => void) | null
}

/** LISTENs on the channel once per process and wakes the adapter waiting for that provider job. */
export class WebhookBus implements WebhookSignals {
  private readonly boxes = new Map<string, Set<Mailbox>>()
  private unlisten: (() => Promise<void>) | null = null

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(ENGINE_WEBHOOK_CHANNEL, (payload) => this.deliver(payload))
  }

  async stop(): Promise<void> {
    await this.unlisten?.()
    this.unlisten = null
  }

  watch(provider: WebhookProvider, id: string): WebhookWatch {
    const key = `${provider}:${id}`
    const box: Mailbox = { arrived: false, wake: null }
    let set = this.boxes.get(key)
    if (!set) {
      set = new Set()
      this.boxes.set(key, set)
    }
    set.add(box)
    return {
      wait: (ms, signal) => waitForMail(box, ms, signal),
      close: () => {
        set.delete(box)
        if (set.size === 0) this.boxes.delete(key)
      },
    }
  }

  private deliver(payload: string): void {
    let key: string
    try {
      const m = JSON.parse(payload) as { provider?: string; id?: string }
      if (!m.provider || !m.id) return
      key = `${m.provider}:${m.id}`
    } catch {
      this.log.warn('engine webhook notification that is not JSON')
      return
    }
    for (const box of this.boxes.get(key) ?? []) {
      box.arrived = true
      const w = box.wake
      box.wake = null
      w?.()
    }
  }
}

function waitForMail(box: Mailbox, ms: number, signal: AbortSignal): Promise<boolean> {
  if (box.arrived) {
    box.arrived = false
    return Promise.resolve(true)
  }
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const done = (value: boolean) => {
      clearTimeout(timer)
      signal.removeEventListener('abort', onAbort)
      box.wake = null
      box.arrived = false
      resolve(value)
    }
    const timer = setTimeout(() => done(false), ms)
    const onAbort = () => {
      clearTimeout(timer)
      box.wake = null
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
    box.wake = () => done(true)
  })
}

/** Records a delivery id; false when it was seen before (providers deliver more than once). */
export async function firstDelivery(database: Database, id: string, provider: WebhookProvider) {
  const rows = await database.query<{ id: string }>(
    'insert into webhook_deliveries (id, provider) values ($1, $2) on conflict (id) do nothing returning id',
    [id, provider],
  )
  return rows.length > 0
}

/** Tells every worker process that a provider job has news. */
export async function announceWebhook(database: Database, provider: WebhookProvider, id: string) {
  await database.query('select pg_notify($1, $2)', [ENGINE_WEBHOOK_CHANNEL, JSON.stringify({ provider, id })])
}
