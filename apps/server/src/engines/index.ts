import type { EngineId } from '@parti/contract'
import type { Logger } from 'pino'
import type { EngineConfig } from './config.ts'
import type { EngineCommon, HostedId, HostedProvider } from './descriptor.ts'
import { createLocalEngine } from './local/index.ts'
import { PROVIDERS } from './providers.ts'
import { type EngineRouter, type KindRoute, routedEngineRouter, TASK_KINDS } from './router.ts'
import {
  noWebhooks,
  type WebhookListener,
  type WebhookProvider,
  type WebhookReceiver,
} from './shared/webhooks.ts'
import type { Engine, EngineTaskKind } from './types.ts'

/** The settings the engines are built from: the parsed engine settings and two of the server's. */
export interface EnginesConfig {
  engines: EngineConfig
  FFMPEG_PATH?: string
  /** the address providers post webhooks to */
  publicUrl: string
}

export interface EngineDeps {
  /** wakes a job waiting for a provider job when its webhook arrives (in this or another process) */
  webhooks: WebhookListener
}

/**
 * The engines this process uses, from the checked engine settings: each step on the engine its ENGINE_*
 * variable names (the embedded default: the local engine for every step), the plan rules choosing among a
 * hosted engine's models, and the webhook receivers of the providers in use. The webhook listener starts only
 * when one of them has webhooks on, and stops with the router.
 */
export async function createEngines(
  config: EnginesConfig,
  log: Logger,
  deps: EngineDeps,
): Promise<EngineRouter> {
  const ec = config.engines
  const receivers: Partial<Record<WebhookProvider, WebhookReceiver>> = {}
  const built = new Map<EngineId, Engine>()
  for (const id of new Set(Object.values(ec.routes))) {
    if (id === 'local') {
      built.set(id, createLocalEngine({ ffmpegPath: config.FFMPEG_PATH }))
      continue
    }
    const provider: HostedProvider = PROVIDERS[id]
    const settings = ec[id]
    if (!settings) throw new Error(`${id} serves a step but has no settings`)
    const receiver = provider.webhook?.(settings) ?? null
    if (receiver) receivers[receiver.provider] = receiver
    const common: EngineCommon = {
      pollIntervalMs: ec.pollIntervalMs,
      timeouts: ec.timeouts,
      ffmpegPath: config.FFMPEG_PATH,
      log: log.child({ engine: id }),
      webhookUrl: receiver ? `${config.publicUrl}/api/webhooks/${receiver.provider}` : null,
      signals: receiver ? deps.webhooks : noWebhooks,
    }
    built.set(id, await provider.create(settings, common))
  }
  const routes = Object.fromEntries(
    TASK_KINDS.map((kind): [EngineTaskKind, KindRoute] => {
      const id = ec.routes[kind]
      const engine = built.get(id)!
      return [kind, id === 'local' ? { engine } : { engine, models: modelsOf(ec, id, kind) }]
    }),
  ) as Record<EngineTaskKind, KindRoute>

  const listening = Object.keys(receivers).length > 0
  // the local engine serves every step: a job may ask for it where a hosted one is configured
  const local = built.get('local') ?? createLocalEngine({ ffmpegPath: config.FFMPEG_PATH })
  const router = routedEngineRouter(
    routes,
    {
      webhooks: receivers,
      stop: async () => {
        if (listening) await deps.webhooks.stop()
      },
    },
    local,
  )
  await router.check()
  if (listening) await deps.webhooks.start()
  log.info({ engines: router.describe() }, 'engines: which engine and model serve each kind')
  return router
}

function modelsOf(ec: EngineConfig, id: HostedId, kind: EngineTaskKind) {
  const models = ec[id]?.models[kind]
  if (!models) throw new Error(`${id} has no model configured for ${kind}`)
  return models
}
