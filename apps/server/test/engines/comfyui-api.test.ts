import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeComfy, startFakeComfy } from '../fakes/comfyui.ts'
import { roomJpeg, sketchPng } from '../fixtures/images.ts'
import { Api, form } from '../helpers/client.ts'
import { balance, waitForJobs } from '../helpers/jobs.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

let gpus: FakeComfy[]
let server: TestServer
let api: Api
let sketch: Buffer
let room: Buffer

beforeAll(async () => {
  gpus = await Promise.all([startFakeComfy(), startFakeComfy()])
  server = await startTestServer({
    env: {
      FREE_CREDITS: '2000',
      JOB_MAX_ATTEMPTS: '1',
      ENGINE_SKETCH_RENDER: 'comfyui',
      ENGINE_HOME_STAGING: 'comfyui',
      COMFYUI_URLS: gpus.map((g) => g.url).join(','),
      ENGINE_POLL_INTERVAL_MS: '50',
    },
  })
  api = new Api(server.url)
  await api.signUp()
  ;[sketch, room] = await Promise.all([sketchPng(), roomJpeg()])
})
afterAll(async () => {
  await server?.close()
  for (const g of gpus ?? []) await g.close()
})
beforeEach(() => {
  for (const g of gpus) g.reset()
})

describe('ENGINE_SKETCH_RENDER=comfyui and ENGINE_HOME_STAGING=comfyui on a pool of two GPU servers', () => {
  it('a sketch render runs on the pool and lands in the gallery with the workflow that ran', async () => {
    const before = await balance(api)
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a concrete library' }, { sketch }),
    )
    const [g] = await waitForJobs(api, [r.body.generation.id], 20_000)
    expect(g).toMatchObject({ status: 'completed', engine: 'comfyui', model: 'sketch-sdxl-canny' })
    expect(gpus.reduce((n, s) => n + s.received.length, 0)).toBe(1)
    expect(await balance(api)).toBe(before - 20)
  })

  it('home staging runs both phases on the pool: cleaning, then staging, each its own workflow', async () => {
    const r = await api.postForm(
      '/api/render/start',
      form(
        {
          generationType: 'home-staging',
          roomType: 'bedroom',
          stagingStyle: 'coastal',
          // one option of each phase: an option asks for its phase (docs/product.md#capabilities)
          stagingOptions: 'removeClutter,addFurniture',
        },
        { image: room },
      ),
    )
    const [g] = await waitForJobs(api, [r.body.generation.id], 30_000)
    expect(g).toMatchObject({ status: 'completed', engine: 'comfyui', model: 'staging-stage-sdxl' })
    expect((g!.metadata as { phases: unknown }).phases).toEqual({
      cleaning: 'completed',
      staging: 'completed',
    })
    const classes = gpus.flatMap((s) =>
      s.received.map((p) => Object.values(p.graph).map((n) => n.class_type)),
    )
    expect(classes).toHaveLength(2)
  })

  it('an execution error on the GPU server fails the render and refunds it', async () => {
    for (const g of gpus) g.behaviour.outcome = 'error'
    const before = await balance(api)
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a concrete library' }, { sketch }),
    )
    const [g] = await waitForJobs(api, [r.body.generation.id], 20_000)
    expect(g).toMatchObject({ status: 'failed', error: 'Failed to render sketch' })
    expect(await balance(api)).toBe(before)
  })
})
