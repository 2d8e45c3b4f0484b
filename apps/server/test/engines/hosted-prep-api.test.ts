import { COSTS, type Generation } from '@parti/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeFal, startFakeFal } from '../fakes/fal.ts'
import { camera, facade, jpeg, photograph } from '../fixtures/facade.ts'
import { overcastHouseJpeg } from '../fixtures/sky-scene.ts'
import { Api, form } from '../helpers/client.ts'
import { balance, ledgerSum, waitForJobs } from '../helpers/jobs.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'
import { freePort } from './api-helpers.ts'

// A photoreal sky and dusk on a hosted edit model, offered beside the built-in grade
// (docs/decisions/0125-hosted-sky-and-dusk.md): fal configured for both, the built-in engine chosen with `engine`.
let fake: FakeFal
let server: TestServer
let api: Api
let house: Buffer

beforeAll(async () => {
  fake = await startFakeFal()
  const port = await freePort()
  server = await startTestServer({
    env: {
      FREE_CREDITS: '2000',
      JOB_MAX_ATTEMPTS: '1',
      PORT: String(port),
      ENGINE_SKY: 'fal',
      ENGINE_DUSK: 'fal',
      FAL_KEY: fake.key,
      FAL_BASE_URL: fake.url,
      FAL_REST_URL: fake.url,
      ENGINE_POLL_INTERVAL_MS: '50',
    },
  })
  api = new Api(server.url)
  await api.signUp()
  house = await overcastHouseJpeg()
})
afterAll(async () => {
  await server?.close()
  await fake?.close()
})
beforeEach(() => fake.reset())

const start = (fields: Record<string, string>, image = house) =>
  api.postForm('/api/render/start', form(fields, { image }))

const meanOf = async (image: Buffer) =>
  (await sharp(image).removeAlpha().stats()).channels.reduce((s, c) => s + c.mean, 0) / 3

const output = async (g: Generation) => {
  const res = await fetch(`${server.url}${g.outputImageUrl}`, {
    headers: { authorization: `Bearer ${api.token}` },
  })
  expect(res.status).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}

describe('ENGINE_DUSK=fal and ENGINE_SKY=fal beside the built-in engine', () => {
  it('the capabilities offer fal first and the built-in engine beside it', async () => {
    const r = await api.get('/api/capabilities')
    expect(r.status).toBe(200)
    for (const kind of ['sky', 'dusk']) {
      expect(r.body.kinds[kind].engines).toEqual(['fal', 'local'])
      expect(r.body.kinds[kind].steps).toEqual([
        { step: kind, engine: 'fal', model: 'fal-ai/flux-pro/kontext' },
      ])
    }
    // a kind not configured for fal is unchanged
    expect(r.body.kinds.light.engines).toEqual(['local'])
  })

  it('a dusk goes to FLUX Kontext with the photo and the fixed sentence, is charged its price, and stores the model picture with its note and fidelity', async () => {
    // the model's dusk: the photo much darker and bluer, its lines where they were
    fake.behaviour.render = (src) => sharp(src).linear([0.3, 0.35, 0.5], [0, 0, 10]).png().toBuffer()
    const before = await balance(api)
    const r = await start({ generationType: 'dusk' })
    expect(r.status, JSON.stringify(r.body)).toBe(202)
    expect(await balance(api)).toBe(before - COSTS.dusk)
    const [g] = await waitForJobs(api, [r.body.generation.id], 30_000)
    expect(g, JSON.stringify(g)).toMatchObject({
      status: 'completed',
      engine: 'fal',
      model: 'fal-ai/flux-pro/kontext',
    })
    const submit = fake.requests.find(
      (q) => q.method === 'POST' && q.path.startsWith('/fal-ai/flux-pro/kontext'),
    )
    const body = submit!.body as { prompt: string; image_url: string }
    expect(body.prompt).toMatch(/^The same photo at dusk: deep blue twilight sky/)
    expect(body.prompt).toContain('warm light glowing from every window and exterior light fixture')
    expect(body.prompt).toContain('Nothing else changed: same building, same framing, same materials')
    expect(body.image_url).toMatch(/^(data:image\/|http)/)
    const meta = g!.metadata as Record<string, any>
    expect(meta.notes).toEqual([{ id: 'hosted_sky_edit' }])
    // measured as Ask Parti's edits are: the building's lines kept over the kind's threshold
    expect(meta.fidelity.threshold).toBe(0.3)
    expect(meta.fidelity.score).toBeGreaterThanOrEqual(0.3)
    const out = await output(g as Generation)
    const { width, height } = await sharp(out).metadata()
    const input = await sharp(house).metadata()
    expect([width, height]).toEqual([input.width, input.height])
    expect(await meanOf(out)).toBeLessThan((await meanOf(house)) * 0.55)
  })

  it('a golden-hour sky is asked in words; a photo whose sky the built-in engine cannot find is still served', async () => {
    const wall = await jpeg(await photograph(await facade(), camera(0, 0)))
    const before = await balance(api)
    const r = await start({ generationType: 'sky', sky: 'golden' }, wall)
    expect(r.status, JSON.stringify(r.body)).toBe(202)
    const [g] = await waitForJobs(api, [r.body.generation.id], 30_000)
    expect(g).toMatchObject({ status: 'completed', engine: 'fal' })
    const submit = fake.requests.find(
      (q) => q.method === 'POST' && q.path.startsWith('/fal-ai/flux-pro/kontext'),
    )
    expect((submit!.body as { prompt: string }).prompt).toContain('a warm golden-hour sky')
    expect(await balance(api)).toBe(before - COSTS.sky)
  })

  it('engine=local is the built-in grade at the same price, with its sky found first', async () => {
    const before = await balance(api)
    const r = await start({ generationType: 'dusk', engine: 'local' })
    expect(r.status, JSON.stringify(r.body)).toBe(202)
    expect(await balance(api)).toBe(before - COSTS.dusk)
    const [g] = await waitForJobs(api, [r.body.generation.id], 30_000)
    expect(g).toMatchObject({ status: 'completed', engine: 'local' })
    expect((g!.metadata as any).notes.map((n: { id: string }) => n.id)).toContain('dusk_graded')
    expect(fake.requests).toEqual([])

    const wall = await jpeg(await photograph(await facade(), camera(0, 0)))
    const credits = await balance(api)
    const ledger = await ledgerSum(api)
    const refused = await start({ generationType: 'dusk', engine: 'local' }, wall)
    expect(refused.status).toBe(422)
    expect(refused.body.error).toMatchObject({ code: 'not_offered', details: { reason: 'no_sky' } })
    expect(await balance(api)).toBe(credits)
    expect(await ledgerSum(api)).toBe(ledger)
  })

  it('an engine that does not serve the kind is refused, and one engine with a comparison is a bad request, nothing charged', async () => {
    const credits = await balance(api)
    const other = await start({ generationType: 'dusk', engine: 'replicate' })
    expect(other.status).toBe(422)
    expect(other.body.error).toMatchObject({ code: 'not_offered', details: { engine: 'replicate' } })
    const both = await start({ generationType: 'dusk', engine: 'fal', engines: 'fal,local' })
    expect(both.status).toBe(400)
    expect(both.body.error).toMatchObject({ code: 'validation_failed', details: { field: 'engine' } })
    const bad = await start({ generationType: 'dusk', engine: 'midjourney' })
    expect(bad.status).toBe(400)
    expect(await balance(api)).toBe(credits)
  })
})
