import { z } from 'zod'
import { httpUrl, optional, withDefault } from '../../lib/env.ts'
import { defineProvider } from '../descriptor.ts'
import { GEMINI_DEFAULT_MODELS, GEMINI_STEPS } from './models.ts'

export const gemini = defineProvider({
  id: 'gemini',
  env: {
    GEMINI_API_KEY: optional(z.string().trim()),
    GEMINI_BASE_URL: withDefault(httpUrl, 'https://generativelanguage.googleapis.com'),
  },
  keyVar: 'GEMINI_API_KEY',
  modelPrefix: 'GEMINI',
  steps: GEMINI_STEPS,
  defaults: GEMINI_DEFAULT_MODELS,
  modelPattern: /^[\w.-]+$/,
  modelDescription: 'a model name such as gemini-2.5-flash-image',
  settings: (e) => ({ apiKey: e.GEMINI_API_KEY ?? '', baseUrl: e.GEMINI_BASE_URL }),
  // loaded when a setting picks the provider, so reading the settings does not load its engine
  async create(s, common) {
    const { createGeminiEngine } = await import('./index.ts')
    return createGeminiEngine({ ...common, apiKey: s.apiKey, baseUrl: s.baseUrl, models: s.models })
  },
})
