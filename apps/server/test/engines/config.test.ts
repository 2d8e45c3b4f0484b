import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/config.ts'
import { parseEngineConfig } from '../../src/engines/config.ts'
import { createEngines } from '../../src/engines/index.ts'
import { noWebhooks } from '../../src/engines/shared/webhooks.ts'

const parse = (env: Record<string, string>, publicUrlSet = false) => parseEngineConfig(env, { publicUrlSet })
const errorOf = (fn: () => unknown) => {
  try {
    fn()
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError)
    return (err as Error).message
  }
  throw new Error('expected a ConfigError')
}

describe('engine configuration (ENGINE_* and the provider variables)', () => {
  it('defaults to the local engine for every kind, with no provider configured', () => {
    const c = parse({})
    expect(new Set(Object.values(c.routes))).toEqual(new Set(['local']))
    expect(c.replicate).toBeNull()
    expect(c.timeouts).toEqual({ imageMs: 300_000, videoMs: 840_000 })
  })

  it('maps each variable to its kinds; home staging covers both phases', () => {
    const c = parse({
      ENGINE_HOME_STAGING: 'replicate',
      ENGINE_VIDEO: 'fal',
      REPLICATE_API_TOKEN: 'r8',
      FAL_KEY: 'k',
    })
    expect(c.routes).toMatchObject({
      'staging-clean': 'replicate',
      'staging-stage': 'replicate',
      animate: 'fal',
    })
    expect(c.routes.sketch).toBe('local')
  })

  it('a kind on an engine without its key stops start-up, naming the missing variable and why', () => {
    expect(errorOf(() => parse({ ENGINE_SKETCH_RENDER: 'replicate' }))).toBe(
      'Invalid configuration: REPLICATE_API_TOKEN: required because ENGINE_SKETCH_RENDER=replicate',
    )
    expect(errorOf(() => parse({ ENGINE_VIDEO: 'comfyui' }))).toContain(
      'COMFYUI_URLS: required because ENGINE_VIDEO=comfyui',
    )
    expect(errorOf(() => parse({ ENGINE_CHAT_EDIT: 'gemini' }))).toContain('GEMINI_API_KEY')
  })

  it('an engine that cannot serve a kind stops start-up, naming the variable', () => {
    const message = errorOf(() => parse({ ENGINE_VIDEO: 'openai', OPENAI_API_KEY: 'sk' }))
    expect(message).toMatch(/^Invalid configuration: ENGINE_VIDEO: openai cannot serve video/)
    expect(errorOf(() => parse({ ENGINE_HOME_STAGING: 'gemini', GEMINI_API_KEY: 'g' }))).toContain(
      'ENGINE_HOME_STAGING: gemini cannot serve home staging',
    )
    expect(errorOf(() => parse({ ENGINE_SKETCH_RENDER: 'midjourney' }))).toMatch(
      /^Invalid configuration: ENGINE_SKETCH_RENDER: /,
    )
  })

  it('models per kind and tier are overridable; "none" switches a tier off; a malformed name is refused', () => {
    const c = parse({
      ENGINE_VIDEO: 'replicate',
      ENGINE_SKETCH_RENDER: 'replicate',
      REPLICATE_API_TOKEN: 'r8',
      REPLICATE_MODEL_SKETCH_RENDER: 'black-forest-labs/flux-depth-pro',
      REPLICATE_MODEL_VIDEO_PREMIUM: 'none',
      REPLICATE_MODEL_VIDEO_EXPERIMENTAL: 'minimax/video-01-director',
    })
    expect(c.replicate!.models.sketch).toEqual({ default: 'black-forest-labs/flux-depth-pro' })
    expect(c.replicate!.models.animate).toEqual({
      default: 'kwaivgi/kling-v2.1',
      experimental: 'minimax/video-01-director',
    })
    expect(
      errorOf(() =>
        parse({ ENGINE_VIDEO: 'replicate', REPLICATE_API_TOKEN: 'r8', REPLICATE_MODEL_VIDEO: 'not a model' }),
      ),
    ).toContain('REPLICATE_MODEL_VIDEO: must be owner/name or owner/name:<version>')
  })

  it('webhooks need a PUBLIC_URL providers can reach; base URLs and the ComfyUI pool are checked', () => {
    const env = {
      ENGINE_SKETCH_RENDER: 'replicate',
      REPLICATE_API_TOKEN: 'r8',
      REPLICATE_WEBHOOK_SECRET: 'whsec_c2VjcmV0',
    }
    expect(errorOf(() => parse(env))).toContain('PUBLIC_URL: required for Replicate webhooks')
    expect(parse(env, true).replicate!.webhookSecret).toBe('whsec_c2VjcmV0')
    expect(errorOf(() => parse({ ...env, REPLICATE_WEBHOOK_SECRET: 'secret' }, true))).toContain(
      'REPLICATE_WEBHOOK_SECRET: must look like whsec_<base64>',
    )
    expect(errorOf(() => parse({ REPLICATE_BASE_URL: 'ftp://proxy' }))).toContain('REPLICATE_BASE_URL')
    const pool = parse({ ENGINE_VIDEO: 'comfyui', COMFYUI_URLS: 'http://gpu-1:8188/, http://gpu-2:8188' })
    expect(pool.comfyui!.urls).toEqual(['http://gpu-1:8188', 'http://gpu-2:8188'])
    expect(errorOf(() => parse({ ENGINE_VIDEO: 'comfyui', COMFYUI_URLS: 'gpu-1:8188' }))).toContain(
      'COMFYUI_URLS',
    )
    expect(pool.comfyui!.allowNonCommercial).toBe(false)
    expect(
      parse({
        ENGINE_VIDEO: 'comfyui',
        COMFYUI_URLS: 'http://gpu-1:8188',
        COMFYUI_ALLOW_NONCOMMERCIAL: 'true',
      }).comfyui!.allowNonCommercial,
    ).toBe(true)
    expect(
      errorOf(() =>
        parse({
          ENGINE_VIDEO: 'comfyui',
          COMFYUI_URLS: 'http://gpu-1:8188',
          COMFYUI_ALLOW_NONCOMMERCIAL: 'maybe',
        }),
      ),
    ).toContain('COMFYUI_ALLOW_NONCOMMERCIAL')
  })
})

describe('createEngines', () => {
  it('logs one start-up line naming the engine and model of every kind, with the plan tiers', async () => {
    const lines: string[] = []
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk))
          done()
        },
      }),
    )
    const config = loadConfig({
      DATA_DIR: '/tmp/parti-engines-config-test',
      LOG_LEVEL: 'info',
      ENGINE_VIDEO: 'fal',
      FAL_KEY: 'k',
      ENGINE_CHAT_EDIT: 'openai',
      OPENAI_API_KEY: 'sk',
    })
    const router = await createEngines(config, log, { webhooks: noWebhooks })
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.msg.startsWith('engines:'))
    expect(line.engines).toMatchObject({
      animate:
        'fal/fal-ai/kling-video/v2.1/standard/image-to-video (premium fal-ai/kling-video/v2.1/master/image-to-video)',
      'magic-edit': 'openai/gpt-image-1',
      sketch: expect.stringMatching(/^local\//),
    })
    expect(router.choose('animate', { name: 'standard', active: true }).model).toBe(
      'fal-ai/kling-video/v2.1/master/image-to-video',
    )
    expect(router.choose('animate', { name: 'lite', active: true }).engine.id).toBe('fal')
    expect(router.webhooks).toEqual({})
  })

  // the engine settings are checked with every other setting, before the database opens: loadConfig throws
  it('a bad engine setting stops loadConfig with the ConfigError', () => {
    expect(
      errorOf(() => loadConfig({ DATA_DIR: '/tmp/parti-engines-config-test', ENGINE_INPAINT: 'fal' })),
    ).toBe('Invalid configuration: FAL_KEY: required because ENGINE_INPAINT=fal')
  })
})
