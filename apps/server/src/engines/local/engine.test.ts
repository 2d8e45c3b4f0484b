import { describe, expect, it } from 'vitest'
import { createLocalEngine } from './engine.ts'
import { houseSketch, testContext, texturedPhoto } from './fixtures.ts'

describe('the local engine', () => {
  it('serves every kind and names its model for each', () => {
    const engine = createLocalEngine()
    expect(engine.id).toBe('local')
    for (const kind of [
      'sketch',
      'multi-angle',
      'staging-clean',
      'staging-stage',
      'inpaint',
      'magic-edit',
      'animate',
    ] as const) {
      expect(engine.supports(kind)).toBe(true)
      expect(engine.modelFor(kind)).toMatch(/^local-/)
    }
  })

  it('passes its start-up check here, and fails it with a clear message when ffmpeg is missing', async () => {
    await expect(createLocalEngine().check?.()).resolves.toBeUndefined()
    await expect(createLocalEngine({ ffmpegPath: '/missing/ffmpeg' }).check?.()).rejects.toThrow(
      /Local engine: ffmpeg at \/missing\/ffmpeg \(from option\) does not exist/,
    )
  })

  it('does not start a job that is already cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    const error = await createLocalEngine()
      .run(
        {
          kind: 'sketch',
          input: await houseSketch(),
          prompt: '',
          style: null,
          palette: null,
          customColors: null,
          settings: {},
        },
        await testContext(controller.signal),
      )
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'EngineError', code: 'cancelled' })
  })

  it('turns a tool failure into a final, user-safe error', async () => {
    const error = await createLocalEngine({ ffmpegPath: '/missing/ffmpeg' })
      .run(
        {
          kind: 'animate',
          input: await texturedPhoto(320, 180),
          prompt: '',
          duration: 6,
          cameraMovement: 'static',
        },
        await testContext(),
      )
      .catch((e: unknown) => e)
    expect(error).toMatchObject({
      name: 'EngineError',
      code: 'provider_failed',
      userMessage: 'Failed to generate video',
    })
    expect(String((error as Error).message)).toMatch(/missing/)
  })
})
