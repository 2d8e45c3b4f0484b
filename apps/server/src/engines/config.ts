import {
  ENGINE_IDS,
  ENGINE_SETTINGS,
  type EngineId,
  type EngineSetting,
  GENERATION_MODES,
  KINDS,
  STEP_NAMES,
  STEPS,
} from '@parti/contract'
import { z } from 'zod'
import { ConfigError } from '../config.ts'
import { COMFYUI_DEFAULT_MODELS } from './comfyui/models.ts'
import { FAL_DEFAULT_MODELS } from './fal/models.ts'
import { GEMINI_DEFAULT_MODELS } from './gemini/models.ts'
import { OPENAI_DEFAULT_MODELS } from './openai/models.ts'
import type { ModelTable, ModelTiers } from './plan-rules.ts'
import { REPLICATE_DEFAULT_MODELS } from './replicate/models.ts'
import { TASK_KINDS } from './router.ts'
import type { EngineTaskKind } from './types.ts'

/** The part of a model variable's name for each step: REPLICATE_MODEL_<this>[_PREMIUM|_EXPERIMENTAL]. */
export const MODEL_SETTING = Object.fromEntries(STEP_NAMES.map((s) => [s, STEPS[s].model])) as Record<
  EngineTaskKind,
  string
>

type HostedId = Exclude<EngineId, 'local'>

const PROVIDERS: Record<
  HostedId,
  { prefix: string; keyVar: string; defaults: ModelTable; modelPattern: RegExp; feature: string }
> = {
  replicate: {
    prefix: 'REPLICATE',
    keyVar: 'REPLICATE_API_TOKEN',
    defaults: REPLICATE_DEFAULT_MODELS,
    modelPattern: /^[\w.-]+\/[\w.-]+(:[0-9a-f]{64})?$/,
    feature: 'owner/name or owner/name:<version>',
  },
  fal: {
    prefix: 'FAL',
    keyVar: 'FAL_KEY',
    defaults: FAL_DEFAULT_MODELS,
    modelPattern: /^[\w.-]+\/[\w.-]+(\/[\w.-]+)*$/,
    feature: 'an endpoint id such as fal-ai/flux-pro/kontext',
  },
  comfyui: {
    prefix: 'COMFYUI',
    keyVar: 'COMFYUI_URLS',
    defaults: COMFYUI_DEFAULT_MODELS,
    modelPattern: /^[\w.-]+$/,
    feature: 'a workflow template name',
  },
  openai: {
    prefix: 'OPENAI',
    keyVar: 'OPENAI_API_KEY',
    defaults: OPENAI_DEFAULT_MODELS,
    modelPattern: /^[\w.-]+$/,
    feature: 'a model name such as gpt-image-1',
  },
  gemini: {
    prefix: 'GEMINI',
    keyVar: 'GEMINI_API_KEY',
    defaults: GEMINI_DEFAULT_MODELS,
    modelPattern: /^[\w.-]+$/,
    feature: 'a model name such as gemini-2.5-flash-image',
  },
}

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const opt = <T extends z.ZodType>(s: T) => z.preprocess(blank, s.optional())
const def = <T extends z.ZodType>(s: T, fallback: z.input<T>) =>
  z.preprocess(blank, s.prefault(fallback as never))
const httpUrl = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''))
const engineId = def(z.enum(ENGINE_IDS), 'local')
const seconds = (min: number, max: number) => z.coerce.number().int().min(min).max(max)

const modelVars: Record<string, z.ZodType> = {}
for (const p of Object.values(PROVIDERS))
  for (const setting of Object.values(MODEL_SETTING))
    for (const suffix of ['', '_PREMIUM', '_EXPERIMENTAL'])
      modelVars[`${p.prefix}_MODEL_${setting}${suffix}`] = opt(z.string().trim())

/** Every engine variable (docs/hosted-engines.md and .env.example list them). */
export const EngineEnvSchema = z.object({
  ...(Object.fromEntries(Object.keys(ENGINE_SETTINGS).map((name) => [name, engineId])) as Record<
    EngineSetting,
    typeof engineId
  >),
  REPLICATE_API_TOKEN: opt(z.string().trim()),
  REPLICATE_BASE_URL: def(httpUrl, 'https://api.replicate.com/v1'),
  REPLICATE_WEBHOOK_SECRET: opt(z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must look like whsec_<base64>')),
  FAL_KEY: opt(z.string().trim()),
  FAL_BASE_URL: def(httpUrl, 'https://queue.fal.run'),
  FAL_WEBHOOKS: def(z.enum(['true', 'false', '1', '0']), 'false'),
  FAL_WEBHOOK_JWKS_URL: def(httpUrl, 'https://rest.alpha.fal.ai/.well-known/jwks.json'),
  COMFYUI_URLS: opt(z.string()),
  COMFYUI_WORKFLOWS_DIR: opt(z.string()),
  OPENAI_API_KEY: opt(z.string().trim()),
  OPENAI_BASE_URL: def(httpUrl, 'https://api.openai.com/v1'),
  GEMINI_API_KEY: opt(z.string().trim()),
  GEMINI_BASE_URL: def(httpUrl, 'https://generativelanguage.googleapis.com'),
  ENGINE_TIMEOUT_IMAGE_SECONDS: def(seconds(5, 3600), 300),
  ENGINE_TIMEOUT_VIDEO_SECONDS: def(seconds(5, 3600), 840),
  ENGINE_POLL_INTERVAL_MS: def(seconds(20, 60_000), 2000),
  ...modelVars,
})

export interface EngineConfig {
  routes: Record<EngineTaskKind, EngineId>
  replicate: { token: string; baseUrl: string; webhookSecret: string | null; models: ModelTable } | null
  fal: { key: string; baseUrl: string; webhooks: boolean; jwksUrl: string; models: ModelTable } | null
  comfyui: { urls: string[]; workflowsDir: string | null; models: ModelTable } | null
  openai: { apiKey: string; baseUrl: string; models: ModelTable } | null
  gemini: { apiKey: string; baseUrl: string; models: ModelTable } | null
  timeouts: { imageMs: number; videoMs: number }
  pollIntervalMs: number
}

/** Which kinds each engine can serve; anything else is a start-up error naming the ENGINE_* variable. */
export const ENGINE_KINDS: Record<EngineId, readonly EngineTaskKind[]> = {
  local: TASK_KINDS,
  replicate: TASK_KINDS,
  fal: TASK_KINDS,
  comfyui: TASK_KINDS,
  openai: ['magic-edit', 'inpaint'],
  gemini: ['magic-edit', 'inpaint'],
}

const FEATURE_NAMES = Object.fromEntries(
  GENERATION_MODES.map((k) => [KINDS[k].engineSetting, KINDS[k].feature]),
) as Record<EngineSetting, string>

/**
 * Parse and check the engine settings; throws ConfigError('Invalid configuration: NAME: message; …') naming
 * every variable at fault: malformed values, an engine that cannot serve its feature, a missing key.
 */
export function parseEngineConfig(env: NodeJS.ProcessEnv, options: { publicUrlSet: boolean }): EngineConfig {
  const parsed = EngineEnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`)
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`)
  }
  const e = parsed.data as Record<string, string | number | undefined>
  const problems: string[] = []
  const routes = {} as Record<EngineTaskKind, EngineId>
  const usedBy = new Map<HostedId, EngineSetting>()
  for (const [setting, kinds] of Object.entries(ENGINE_SETTINGS) as Array<
    [EngineSetting, readonly EngineTaskKind[]]
  >) {
    const engine = e[setting] as EngineId
    const serves = ENGINE_KINDS[engine]
    if (!kinds.every((k) => serves.includes(k))) {
      problems.push(
        `${setting}: ${engine} cannot serve ${FEATURE_NAMES[setting]} (it serves ${describeKinds(serves)}); use local, replicate, fal or comfyui`,
      )
    }
    for (const k of kinds) routes[k] = engine
    if (engine !== 'local' && !usedBy.has(engine)) usedBy.set(engine, setting)
  }
  for (const [engine, setting] of usedBy) {
    const keyVar = PROVIDERS[engine].keyVar
    if (!e[keyVar]) problems.push(`${keyVar}: required because ${setting}=${engine}`)
  }
  const models = (engine: HostedId) => modelTable(engine, e, problems)
  const urls = parseUrls(e.COMFYUI_URLS as string | undefined, problems)
  const falWebhooks = e.FAL_WEBHOOKS === 'true' || e.FAL_WEBHOOKS === '1'
  if (usedBy.has('replicate') && e.REPLICATE_WEBHOOK_SECRET && !options.publicUrlSet)
    problems.push('PUBLIC_URL: required for Replicate webhooks (REPLICATE_WEBHOOK_SECRET is set)')
  if (usedBy.has('fal') && falWebhooks && !options.publicUrlSet)
    problems.push('PUBLIC_URL: required for fal webhooks (FAL_WEBHOOKS=true)')
  const config: EngineConfig = {
    routes,
    replicate: usedBy.has('replicate')
      ? {
          token: String(e.REPLICATE_API_TOKEN ?? ''),
          baseUrl: String(e.REPLICATE_BASE_URL),
          webhookSecret: (e.REPLICATE_WEBHOOK_SECRET as string | undefined) ?? null,
          models: models('replicate'),
        }
      : null,
    fal: usedBy.has('fal')
      ? {
          key: String(e.FAL_KEY ?? ''),
          baseUrl: String(e.FAL_BASE_URL),
          webhooks: falWebhooks,
          jwksUrl: String(e.FAL_WEBHOOK_JWKS_URL),
          models: models('fal'),
        }
      : null,
    comfyui: usedBy.has('comfyui')
      ? {
          urls,
          workflowsDir: (e.COMFYUI_WORKFLOWS_DIR as string | undefined) ?? null,
          models: models('comfyui'),
        }
      : null,
    openai: usedBy.has('openai')
      ? {
          apiKey: String(e.OPENAI_API_KEY ?? ''),
          baseUrl: String(e.OPENAI_BASE_URL),
          models: models('openai'),
        }
      : null,
    gemini: usedBy.has('gemini')
      ? {
          apiKey: String(e.GEMINI_API_KEY ?? ''),
          baseUrl: String(e.GEMINI_BASE_URL),
          models: models('gemini'),
        }
      : null,
    timeouts: {
      imageMs: Number(e.ENGINE_TIMEOUT_IMAGE_SECONDS) * 1000,
      videoMs: Number(e.ENGINE_TIMEOUT_VIDEO_SECONDS) * 1000,
    },
    pollIntervalMs: Number(e.ENGINE_POLL_INTERVAL_MS),
  }
  if (problems.length) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
  return config
}

/** Defaults merged with <PREFIX>_MODEL_<KIND>[_PREMIUM|_EXPERIMENTAL]; "none" switches a tier off. */
function modelTable(engine: HostedId, e: Record<string, unknown>, problems: string[]): ModelTable {
  const p = PROVIDERS[engine]
  const table: ModelTable = {}
  for (const kind of ENGINE_KINDS[engine]) {
    const base = p.defaults[kind]
    const tiers: Partial<ModelTiers> = { ...base }
    for (const [tier, suffix] of [
      ['default', ''],
      ['premium', '_PREMIUM'],
      ['experimental', '_EXPERIMENTAL'],
    ] as const) {
      const name = `${p.prefix}_MODEL_${MODEL_SETTING[kind]}${suffix}`
      const value = e[name] as string | undefined
      if (value === undefined) continue
      if (value === 'none') {
        if (tier === 'default') problems.push(`${name}: the default model cannot be "none"`)
        delete tiers[tier]
      } else if (!p.modelPattern.test(value)) problems.push(`${name}: must be ${p.feature}`)
      else tiers[tier] = value
    }
    if (tiers.default) table[kind] = tiers as ModelTiers
  }
  return table
}

function parseUrls(raw: string | undefined, problems: string[]): string[] {
  if (!raw) return []
  const urls = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  for (const u of urls) {
    try {
      const parsed = new URL(u)
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error()
    } catch {
      problems.push(`COMFYUI_URLS: "${u}" is not an http(s) URL`)
    }
  }
  return [...new Set(urls.map((u) => u.replace(/\/+$/, '')))]
}

function describeKinds(kinds: readonly EngineTaskKind[]): string {
  const names = new Set(
    kinds.map(
      (k) => Object.entries(ENGINE_SETTINGS).find(([, ks]) => (ks as readonly string[]).includes(k))![0],
    ),
  )
  return [...names].map((s) => FEATURE_NAMES[s as EngineSetting]).join(' and ')
}
