import { ENGINE_IDS } from '@parti/contract'
import { comfyui } from './comfyui/provider.ts'
import type { HostedId, HostedProvider } from './descriptor.ts'
import { fal } from './fal/provider.ts'
import { gemini } from './gemini/provider.ts'
import { openai } from './openai/provider.ts'
import { replicate } from './replicate/provider.ts'

/**
 * Every hosted provider (docs/hosted-engines.md#adding-a-provider): the engine settings, their checks and the
 * engines are derived from this list. A provider added to the contract's ENGINE_IDS is missing here until
 * its descriptor is listed.
 */
export const PROVIDERS = { replicate, fal, comfyui, openai, gemini } satisfies {
  [Id in HostedId]: HostedProvider<Id>
}

export type Providers = typeof PROVIDERS

/** In the order of the contract's ENGINE_IDS, as settings and messages list them. */
export const PROVIDER_LIST: readonly HostedProvider[] = ENGINE_IDS.flatMap((id) =>
  id === 'local' ? [] : [PROVIDERS[id]],
)
