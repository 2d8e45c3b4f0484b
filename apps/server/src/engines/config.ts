import {
  ENGINE_IDS,
  ENGINE_SETTINGS,
  type EngineId,
  type EngineSetting,
  GENERATION_MODES,
  KINDS,
  STEP_NAMES,
  type Step,
} from '@parti/contract'
import { z } from 'zod'
import { int, invalidConfiguration, withDefault } from '../lib/env.ts'
import type { HostedId } from './descriptor.ts'
import { modelTable, modelVars } from './model-settings.ts'
import type { ModelTable } from './plan-rules.ts'
import { PROVIDER_LIST, PROVIDERS, type Providers } from './providers.ts'

const engineId = withDefault(z.enum(ENGINE_IDS), 'local')

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never
type ProviderEnvShape = UnionToIntersection<Providers[HostedId]['env']>

/**
 * Every engine variable (docs/hosted-engines.md and .env.example list them), part of the one schema checked
 * at start (config.ts): the ENGINE_* settings, the time limits, and each provider's own and model variables.
 */
export const EngineEnvShape = {
  ...(Object.fromEntries(Object.keys(ENGINE_SETTINGS).map((name) => [name, engineId])) as Record<
    EngineSetting,
    typeof engineId
  >),
  ENGINE_TIMEOUT_IMAGE_SECONDS: withDefault(int(5, 3600), 300),
  ENGINE_TIMEOUT_VIDEO_SECONDS: withDefault(int(5, 3600), 840),
  ENGINE_POLL_INTERVAL_MS: withDefault(int(20, 60_000), 2000),
  ...(Object.assign({}, ...PROVIDER_LIST.map((p) => p.env)) as ProviderEnvShape),
  ...modelVars(PROVIDER_LIST),
}
const EngineEnvSchema = z.object(EngineEnvShape)

/** Each provider's settings with its models, when an ENGINE_* setting picks it; null otherwise. */
type ProviderConfigs = {
  [Id in HostedId]: (ReturnType<Providers[Id]['settings']> & { models: ModelTable }) | null
}

export type EngineConfig = ProviderConfigs & {
  /** the engine of every step */
  routes: Record<Step, EngineId>
  timeouts: { imageMs: number; videoMs: number }
  pollIntervalMs: number
}

/** Which steps each engine can serve; anything else is a start-up error naming the ENGINE_* variable. */
const ENGINE_KINDS = Object.fromEntries(
  ENGINE_IDS.map((id) => [id, id === 'local' ? STEP_NAMES : PROVIDERS[id].steps]),
) as Record<EngineId, readonly Step[]>

const FEATURE_NAMES = Object.fromEntries(
  GENERATION_MODES.map((k) => [KINDS[k].engineSetting, KINDS[k].feature]),
) as Record<EngineSetting, string>

/**
 * The engine settings from the parsed variables, and one problem per variable at fault: an engine that cannot
 * serve its feature, a missing key, a malformed model name, webhooks without a PUBLIC_URL.
 */
export function engineSettings(
  e: Record<string, unknown>,
  options: { publicUrlSet: boolean },
): { settings: EngineConfig; problems: string[] } {
  const problems: string[] = []
  const routes = {} as Record<Step, EngineId>
  const usedBy = new Map<HostedId, EngineSetting>()
  for (const [setting, steps] of Object.entries(ENGINE_SETTINGS) as Array<[EngineSetting, readonly Step[]]>) {
    const engine = e[setting] as EngineId
    const serves = ENGINE_KINDS[engine]
    if (!steps.every((s) => serves.includes(s)))
      problems.push(
        `${setting}: ${engine} cannot serve ${FEATURE_NAMES[setting]} (it serves ${describeSteps(serves)}); use ${orList(enginesServing(steps))}`,
      )
    for (const s of steps) routes[s] = engine
    if (engine !== 'local' && !usedBy.has(engine)) usedBy.set(engine, setting)
  }
  for (const [engine, setting] of usedBy) {
    const keyVar = PROVIDERS[engine].keyVar
    if (!e[keyVar]) problems.push(`${keyVar}: required because ${setting}=${engine}`)
  }
  const check = { problems, publicUrlSet: options.publicUrlSet }
  const providers = Object.fromEntries(
    PROVIDER_LIST.map((p) => [
      p.id,
      usedBy.has(p.id) ? { ...(p.settings(e, check) as object), models: modelTable(p, e, problems) } : null,
    ]),
  ) as ProviderConfigs
  return {
    settings: {
      ...providers,
      routes,
      timeouts: {
        imageMs: Number(e.ENGINE_TIMEOUT_IMAGE_SECONDS) * 1000,
        videoMs: Number(e.ENGINE_TIMEOUT_VIDEO_SECONDS) * 1000,
      },
      pollIntervalMs: Number(e.ENGINE_POLL_INTERVAL_MS),
    },
    problems,
  }
}

/**
 * The engine variables alone, parsed and checked; throws ConfigError('Invalid configuration: NAME: message; …')
 * naming every variable at fault. Start-up checks them with every other setting (loadConfig).
 */
export function parseEngineConfig(env: NodeJS.ProcessEnv, options: { publicUrlSet: boolean }): EngineConfig {
  const parsed = EngineEnvSchema.safeParse(env)
  if (!parsed.success)
    throw invalidConfiguration(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`))
  const { settings, problems } = engineSettings(parsed.data, options)
  if (problems.length) throw invalidConfiguration(problems)
  return settings
}

/** The engines that can serve all of these steps. */
function enginesServing(steps: readonly Step[]): EngineId[] {
  return ENGINE_IDS.filter((id) => steps.every((s) => ENGINE_KINDS[id].includes(s)))
}

/** The features whose steps are among these, e.g. "chat edit (Ask Parti), inpainting and day to dusk". */
function describeSteps(steps: readonly Step[]): string {
  const settings = (Object.entries(ENGINE_SETTINGS) as Array<[EngineSetting, readonly Step[]]>).filter(
    ([, ss]) => ss.some((s) => steps.includes(s)),
  )
  return list(
    settings.map(([setting]) => FEATURE_NAMES[setting]),
    'and',
  )
}

const list = (items: string[], last: 'and' | 'or') =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}` : (items[0] ?? '')
const orList = (items: string[]) => list(items, 'or')
