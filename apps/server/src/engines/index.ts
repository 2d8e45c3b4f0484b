import type { EngineId } from '@parti/contract'
import type { Logger } from 'pino'
import type { Config } from '../config.ts'
import { createComfyEngine } from './comfyui/index.ts'
import { type EngineConfig, parseEngineConfig } from './config.ts'
import { createFalEngine } from './fal/index.ts'
import { falWebhookReceiver } from './fal/webhook.ts'
import { createGeminiEngine } from './gemini/index.ts'
import { createLocalEngine } from './local/index.ts'
import { createOpenAiEngine } from './openai/index.ts'
import { createReplicateEngine } from './replicate/index.ts'
import { replicateWebhookReceiver } from './replicate/webhook.ts'
import { type EngineRouter, type KindRoute, routedEngineRouter, TASK_KINDS } from './router.ts'
import {
  noWebhooks,
  type WebhookListener,
  type WebhookProvider,
  type WebhookReceiver,
} from './shared/webhooks.ts'
import type { Engine, EngineTaskKind } from './types.ts'

export interface EngineDeps {
  /** wakes a job waiting for a provider job when its webhook arrives (in this or another process) */
  webhooks: WebhookListener
  /** the environment the ENGINE_* settings are read from (process.env by default) */
  env?: NodeJS.ProcessEnv
}

/**
 * The engines this process uses, from configuration: each kind on the engine its ENGINE_* variable names
 * (the embedded default: the local engine for every kind), the plan rules choosing among a hosted engine's
 * models, and the webhook receivers of the providers in use. A bad setting throws ConfigError naming it.
 */
export async function createEngines(config: Config, log: Logger, deps: EngineDeps): Promise<EngineRouter> {
  const ec = parseEngineConfig(deps.env ?? process.env, { publicUrlSet: !!config.PUBLIC_URL })
  const receivers: Partial<Record<WebhookProvider, WebhookReceiver>> = {}
  if (ec.replicate?.webhookSecret) receivers.replicate = replicateWebhookReceiver(ec.replicate.webhookSecret)
  if (ec.fal?.webhooks) receivers.fal = falWebhookReceiver(ec.fal.jwksUrl)
  const bus = Object.keys(receivers).length ? deps.webhooks : null
  await bus?.start()

  const built = new Map<EngineId, Engine>()
  const engineFor = (id: EngineId): Engine => {
    let engine = built.get(id)
    if (!engine) {
      engine = buildEngine(id, ec, config, log, bus)
      built.set(id, engine)
    }
    return engine
  }
  const routes = Object.fromEntries(
    TASK_KINDS.map((kind): [EngineTaskKind, KindRoute] => {
      const id = ec.routes[kind]
      const engine = engineFor(id)
      return [kind, id === 'local' ? { engine } : { engine, models: modelsOf(ec, id, kind) }]
    }),
  ) as Record<EngineTaskKind, KindRoute>

  const router = routedEngineRouter(routes, {
    webhooks: receivers,
    stop: async () => {
      await bus?.stop()
    },
  })
  await router.check()
  log.info({ engines: router.describe() }, 'engines: which engine and model serve each kind')
  return router
}

function buildEngine(
  id: EngineId,
  ec: EngineConfig,
  config: Config,
  log: Logger,
  bus: WebhookListener | null,
): Engine {
  const common = {
    pollIntervalMs: ec.pollIntervalMs,
    timeouts: ec.timeouts,
    ffmpegPath: config.FFMPEG_PATH,
    log: log.child({ engine: id }),
  }
  switch (id) {
    case 'local':
      return createLocalEngine({ ffmpegPath: config.FFMPEG_PATH })
    case 'replicate': {
      const r = ec.replicate!
      return createReplicateEngine({
        ...common,
        token: r.token,
        baseUrl: r.baseUrl,
        models: r.models,
        webhookUrl: r.webhookSecret ? `${config.publicUrl}/api/webhooks/replicate` : null,
        signals: r.webhookSecret && bus ? bus : noWebhooks,
      })
    }
    case 'fal': {
      const f = ec.fal!
      return createFalEngine({
        ...common,
        key: f.key,
        baseUrl: f.baseUrl,
        models: f.models,
        webhookUrl: f.webhooks ? `${config.publicUrl}/api/webhooks/fal` : null,
        signals: f.webhooks && bus ? bus : noWebhooks,
      })
    }
    case 'comfyui': {
      const c = ec.comfyui!
      return createComfyEngine({ ...common, urls: c.urls, workflowsDir: c.workflowsDir, models: c.models })
    }
    case 'openai': {
      const o = ec.openai!
      return createOpenAiEngine({ ...common, apiKey: o.apiKey, baseUrl: o.baseUrl, models: o.models })
    }
    case 'gemini': {
      const g = ec.gemini!
      return createGeminiEngine({ ...common, apiKey: g.apiKey, baseUrl: g.baseUrl, models: g.models })
    }
  }
}

function modelsOf(ec: EngineConfig, id: Exclude<EngineId, 'local'>, kind: EngineTaskKind) {
  const models = ec[id]?.models[kind]
  if (!models) throw new Error(`${id} has no model configured for ${kind}`)
  return models
}
