import { z } from 'zod'
import { httpUrl, optional, withDefault } from '../../lib/env.ts'
import { defineProvider } from '../descriptor.ts'
import { REPLICATE_DEFAULT_MODELS, REPLICATE_STEPS } from './models.ts'
import { replicateWebhookReceiver } from './webhook.ts'

export const replicate = defineProvider({
  id: 'replicate',
  env: {
    REPLICATE_API_TOKEN: optional(z.string().trim()),
    REPLICATE_BASE_URL: withDefault(httpUrl, 'https://api.replicate.com/v1'),
    REPLICATE_WEBHOOK_SECRET: optional(
      z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must look like whsec_<base64>'),
    ),
  },
  keyVar: 'REPLICATE_API_TOKEN',
  modelPrefix: 'REPLICATE',
  steps: REPLICATE_STEPS,
  defaults: REPLICATE_DEFAULT_MODELS,
  modelPattern: /^[\w.-]+\/[\w.-]+(:[0-9a-f]{64})?$/,
  modelDescription: 'owner/name or owner/name:<version>',
  settings(e, check) {
    if (e.REPLICATE_WEBHOOK_SECRET && !check.publicUrlSet)
      check.problems.push('PUBLIC_URL: required for Replicate webhooks (REPLICATE_WEBHOOK_SECRET is set)')
    return {
      token: e.REPLICATE_API_TOKEN ?? '',
      baseUrl: e.REPLICATE_BASE_URL,
      webhookSecret: e.REPLICATE_WEBHOOK_SECRET ?? null,
    }
  },
  webhook: (s) => (s.webhookSecret ? replicateWebhookReceiver(s.webhookSecret) : null),
  // loaded when a setting picks the provider, so reading the settings does not load its engine
  async create(s, common) {
    const { createReplicateEngine } = await import('./index.ts')
    return createReplicateEngine({ ...common, token: s.token, baseUrl: s.baseUrl, models: s.models })
  },
})
