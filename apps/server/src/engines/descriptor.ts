import type { EngineId, Step } from '@parti/contract'
import type { Logger } from 'pino'
import type { z } from 'zod'
import type { ModelTable, ModelTiers } from './plan-rules.ts'
import type { WebhookReceiver, WebhookSignals } from './shared/webhooks.ts'
import type { Engine } from './types.ts'

/** The engines that run at a provider, as opposed to the built-in local one. */
export type HostedId = Exclude<EngineId, 'local'>

/** What every hosted engine is built with, whatever its provider. */
export interface EngineCommon {
  /** the fallback poll while a provider job runs; with webhooks it only matters when a delivery is lost */
  pollIntervalMs: number
  timeouts: { imageMs: number; videoMs: number }
  ffmpegPath?: string
  log: Logger
  /** where the provider posts a finished job when its webhooks are on; null: poll only */
  webhookUrl: string | null
  /** wakes the job waiting for a provider job when its webhook arrives */
  signals: WebhookSignals
}

/** Where a provider's settings report what is wrong: one "NAME: what" line per variable at fault. */
interface SettingsCheck {
  problems: string[]
  /** PUBLIC_URL is set, so providers have an address to post webhooks to */
  publicUrlSet: boolean
}

/**
 * Everything Parti knows about one hosted provider: its variables, the steps it can run and the models it
 * runs them on by default, and how its engine is built. The engine settings (engines/config.ts) and the
 * engines themselves (engines/index.ts) are derived from the list of these in engines/providers.ts.
 */
export interface ProviderDescriptor<
  Id extends HostedId,
  Shape extends z.ZodRawShape,
  S extends Step,
  Settings,
> {
  id: Id
  /** its own variables, with their defaults; the model variables are added from `steps` */
  env: Shape
  /** the variable it cannot run without, named when an ENGINE_* setting picks it and it is unset */
  keyVar: keyof Shape & string
  /** the start of its model variables: <modelPrefix>_MODEL_<STEP>[_PREMIUM|_EXPERIMENTAL] */
  modelPrefix: string
  /** the steps it can serve; an ENGINE_* setting naming it for any other is a start-up error */
  steps: readonly S[]
  /** the model of each step it serves, per plan tier */
  defaults: Record<NoInfer<S>, ModelTiers>
  /** what a model variable's value must match, and how to say so when it does not */
  modelPattern: RegExp
  modelDescription: string
  /** its settings from its parsed variables; asked only when an ENGINE_* setting picks the provider */
  settings(env: z.output<z.ZodObject<Shape>>, check: SettingsCheck): Settings
  /** the verifier of its webhooks, when they are on */
  webhook?(settings: Settings): WebhookReceiver | null
  /** its engine, with the models merged from the defaults and the model variables */
  create(settings: Settings & { models: ModelTable }, common: EngineCommon): Promise<Engine>
}

/** A descriptor as the settings and createEngines handle them all, whatever its variables and settings. */
export interface HostedProvider<Id extends HostedId = HostedId> {
  id: Id
  env: z.ZodRawShape
  keyVar: string
  modelPrefix: string
  steps: readonly Step[]
  defaults: ModelTable
  modelPattern: RegExp
  modelDescription: string
  settings(env: Record<string, unknown>, check: SettingsCheck): unknown
  webhook?(settings: unknown): WebhookReceiver | null
  create(settings: unknown, common: EngineCommon): Promise<Engine>
}

/** Checks a descriptor's parts against each other (its key among its variables, a default for every step). */
export const defineProvider = <Id extends HostedId, Shape extends z.ZodRawShape, S extends Step, Settings>(
  descriptor: ProviderDescriptor<Id, Shape, S, Settings>,
) => descriptor
