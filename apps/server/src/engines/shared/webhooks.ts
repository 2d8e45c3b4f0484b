import type { IncomingHttpHeaders } from 'node:http'
import type { EngineId } from '@parti/contract'
import { sleep } from './http.ts'

/**
 * Webhooks land on an API process; the job waits in a worker process, possibly on another machine. The
 * provider's receiver here verifies a delivery; jobs/ records it and passes the provider's job id to every
 * worker (jobs/engine-webhooks.ts), where the waiting adapter, woken through WebhookSignals, re-reads the job
 * from the provider (webhooks are hints, never trusted payloads).
 */
/** Any hosted provider may post webhooks; those that do supply a receiver in their descriptor. */
export type WebhookProvider = Exclude<EngineId, 'local'>

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

/** Signals that arrive from outside the process: listening starts and stops with the engines. */
export interface WebhookListener extends WebhookSignals {
  start(): Promise<void>
  stop(): Promise<void>
}

/** Polling only: every wait is a plain sleep (no webhooks configured, or a unit test). */
export const noWebhooks: WebhookListener = {
  watch: () => ({
    wait: async (ms, signal) => {
      await sleep(ms, signal)
      return false
    },
    close: () => {},
  }),
  start: async () => {},
  stop: async () => {},
}
