import { z } from 'zod'
import { bool, optional, withDefault } from '../../lib/env.ts'
import { defineProvider } from '../descriptor.ts'
import { COMFYUI_DEFAULT_MODELS, COMFYUI_STEPS } from './models.ts'

/** The servers of COMFYUI_URLS, comma-separated, each once and without a trailing slash. */
const serverList = (raw: string) => [
  ...new Set(
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((u) => u.replace(/\/+$/, '')),
  ),
]

// checked whichever engine is picked, so a typo is found before the pool is switched on
const urls = z.string().superRefine((raw, ctx) => {
  for (const u of raw.split(',').map((s) => s.trim())) {
    if (!u) continue
    let ok = false
    try {
      const { protocol } = new URL(u)
      ok = protocol === 'http:' || protocol === 'https:'
    } catch {}
    if (!ok) ctx.addIssue({ code: 'custom', message: `"${u}" is not an http(s) URL` })
  }
})

export const comfyui = defineProvider({
  id: 'comfyui',
  env: {
    COMFYUI_URLS: optional(urls),
    COMFYUI_WORKFLOWS_DIR: optional(z.string()),
    // a template whose weights forbid commercial use is refused at start-up unless this is true
    COMFYUI_ALLOW_NONCOMMERCIAL: withDefault(bool, 'false'),
  },
  keyVar: 'COMFYUI_URLS',
  modelPrefix: 'COMFYUI',
  steps: COMFYUI_STEPS,
  defaults: COMFYUI_DEFAULT_MODELS,
  modelPattern: /^[\w.-]+$/,
  modelDescription: 'a workflow template name',
  settings: (e) => ({
    urls: e.COMFYUI_URLS ? serverList(e.COMFYUI_URLS) : [],
    workflowsDir: e.COMFYUI_WORKFLOWS_DIR ?? null,
    allowNonCommercial: e.COMFYUI_ALLOW_NONCOMMERCIAL,
  }),
  // loaded when a setting picks the provider, so reading the settings does not load its engine
  async create(s, common) {
    const { createComfyEngine } = await import('./index.ts')
    return createComfyEngine({
      ...common,
      urls: s.urls,
      workflowsDir: s.workflowsDir,
      allowNonCommercial: s.allowNonCommercial,
      models: s.models,
    })
  },
})
