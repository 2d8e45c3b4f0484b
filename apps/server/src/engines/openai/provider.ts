import { z } from 'zod'
import { httpUrl, optional, withDefault } from '../../lib/env.ts'
import { defineProvider } from '../descriptor.ts'
import { OPENAI_DEFAULT_MODELS, OPENAI_STEPS } from './models.ts'

export const openai = defineProvider({
  id: 'openai',
  env: {
    OPENAI_API_KEY: optional(z.string().trim()),
    OPENAI_BASE_URL: withDefault(httpUrl, 'https://api.openai.com/v1'),
  },
  keyVar: 'OPENAI_API_KEY',
  modelPrefix: 'OPENAI',
  steps: OPENAI_STEPS,
  defaults: OPENAI_DEFAULT_MODELS,
  modelPattern: /^[\w.-]+$/,
  modelDescription: 'a model name such as gpt-image-1',
  settings: (e) => ({ apiKey: e.OPENAI_API_KEY ?? '', baseUrl: e.OPENAI_BASE_URL }),
  // loaded when a setting picks the provider, so reading the settings does not load its engine
  async create(s, common) {
    const { createOpenAiEngine } = await import('./index.ts')
    return createOpenAiEngine({ ...common, apiKey: s.apiKey, baseUrl: s.baseUrl, models: s.models })
  },
})
