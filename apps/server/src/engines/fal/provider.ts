import { z } from 'zod'
import { bool, httpUrl, optional, withDefault } from '../../lib/env.ts'
import { defineProvider } from '../descriptor.ts'
import { FAL_DEFAULT_MODELS, FAL_STEPS } from './models.ts'
import { falWebhookReceiver } from './webhook.ts'

export const fal = defineProvider({
  id: 'fal',
  env: {
    FAL_KEY: optional(z.string().trim()),
    FAL_BASE_URL: withDefault(httpUrl, 'https://queue.fal.run'),
    FAL_REST_URL: withDefault(httpUrl, 'https://rest.fal.ai'),
    FAL_WEBHOOKS: withDefault(bool, 'false'),
    FAL_WEBHOOK_JWKS_URL: withDefault(httpUrl, 'https://rest.fal.ai/.well-known/jwks.json'),
  },
  keyVar: 'FAL_KEY',
  modelPrefix: 'FAL',
  steps: FAL_STEPS,
  defaults: FAL_DEFAULT_MODELS,
  modelPattern: /^[\w.-]+\/[\w.-]+(\/[\w.-]+)*$/,
  modelDescription: 'an endpoint id such as fal-ai/flux-pro/kontext',
  settings(e, check) {
    if (e.FAL_WEBHOOKS && !check.publicUrlSet)
      check.problems.push('PUBLIC_URL: required for fal webhooks (FAL_WEBHOOKS=true)')
    return {
      key: e.FAL_KEY ?? '',
      baseUrl: e.FAL_BASE_URL,
      restUrl: e.FAL_REST_URL,
      webhooks: e.FAL_WEBHOOKS,
      jwksUrl: e.FAL_WEBHOOK_JWKS_URL,
    }
  },
  webhook: (s) => (s.webhooks ? falWebhookReceiver(s.jwksUrl) : null),
  // loaded when a setting picks the provider, so reading the settings does not load its engine
  async create(s, common) {
    const { createFalEngine } = await import('./index.ts')
    return createFalEngine({
      ...common,
      key: s.key,
      baseUrl: s.baseUrl,
      restUrl: s.restUrl,
      models: s.models,
    })
  },
})
