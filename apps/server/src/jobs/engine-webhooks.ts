import type { Logger } from 'pino'
import type { Database } from '../db/client.ts'
import type { WebhookListener, WebhookProvider, WebhookWatch } from '../engines/shared/webhooks.ts'

/**
 * A provider's webhook is verified by its engine (engines/<provider>/webhook.ts) on whichever API process it
 * lands, and recorded here: the delivery id once in webhook_deliveries, then a NOTIFY on this channel with the
 * provider's job id, which every worker process LISTENs to. The job waiting for it, possibly on another
 * machine, is woken through the engines' WebhookSignals and re-reads the job from the provider.
 */
const ENGINE_WEBHOOK_CHANNEL = 'parti_engine_webhooks'

interface Mailbox {
  arrived: boolean
  wake: (() => void) | null
}

/** LISTENs on the channel once per process and wakes the adapter waiting for that provider job. */
export class WebhookBus implements WebhookListener {
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
