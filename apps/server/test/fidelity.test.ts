import type { Generation } from '@parti/contract'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { houseSketch, roomPhoto } from '../src/engines/local/fixtures.ts'
import { freePort } from './engines/api-helpers.ts'
import { type FakeReplicate, startFakeReplicate } from './fakes/replicate.ts'
import { Api, form } from './helpers/client.ts'
import { balance, ledgerSum, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// docs/product.md#fidelity: a hosted result under the kind's threshold is made once more with strict lines at no
// charge, then failed and refunded; a local result under it is kept and refunded, with the reason.

/** The room with its window moved 20 px to the right: every line of the room kept but the window's. */
async function windowMoved(room: Buffer): Promise<Buffer> {
  const window = { left: 410, top: 160, width: 240, height: 220 }
  const part = await sharp(room).extract(window).toBuffer()
  return sharp(room)
    .composite([{ input: part, left: window.left + 20, top: window.top }])
    .png()
    .toBuffer()
}

let fake: FakeReplicate
let server: TestServer | null = null
let room: Buffer

beforeAll(async () => {
  fake = await startFakeReplicate()
  room = await roomPhoto({ dim: false })
})
afterEach(async () => {
  await server?.close()
  server = null
  fake.reset()
})
afterAll(() => fake?.close())

async function hostedStaging() {
  const port = await freePort()
  server = await startTestServer({
    env: {
      JOB_MAX_ATTEMPTS: '1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ENGINE_HOME_STAGING: 'replicate',
      REPLICATE_API_TOKEN: fake.token,
      REPLICATE_BASE_URL: fake.url,
      REPLICATE_WEBHOOK_SECRET: fake.secret,
      // a moved window keeps ~94 % of the room's structure: this threshold says that is a miss
      FIDELITY_THRESHOLDS: 'staging=0.97',
    },
  })
  const api = new Api(server.url)
  await api.signUp()
  const before = await balance(api)
  const r = await api.postForm(
    '/api/render/start',
    form(
      { generationType: 'home-staging', stagingStyle: 'modern', stagingOptions: 'repaint' },
      { image: room },
    ),
  )
  expect(r.status).toBe(202)
  const [g] = await waitForJobs(api, [r.body.generation.id], 60_000)
  const staged = fake.requests.filter((q) => JSON.stringify(q.body ?? {}).includes('prompt_strength'))
  return {
    api,
    before,
    g: g as unknown as Generation,
    strengths: staged.map((q) => (q.body as { input: { prompt_strength: number } }).input.prompt_strength),
  }
}

describe('fidelity thresholds', () => {
  it('a hosted staging that moves a window is made once more with strict lines, at no extra charge', async () => {
    // the fake moves the window unless asked to keep the photo's geometry strictly (a lower prompt strength)
    fake.behaviour.image = async (source, model, input) =>
      model.includes('interior-design') && Number(input.prompt_strength) > 0.6 ? windowMoved(source) : source
    const { api, before, g, strengths } = await hostedStaging()
    expect(strengths).toEqual([0.8, 0.6])
    expect(g.status).toBe('completed')
    const f = g.metadata.fidelity!
    expect(f).toMatchObject({ rerun: true, followLines: 'strict', threshold: 0.97 })
    expect(f.score).toBeGreaterThanOrEqual(0.97)
    expect(await balance(api)).toBe(before - g.creditsCost)
    expect(await ledgerSum(api)).toBe(await balance(api))
  }, 120_000)

  it('fails and refunds with the reason when the strict second run misses too', async () => {
    fake.behaviour.image = async (source, model) =>
      model.includes('interior-design') ? windowMoved(source) : source
    const { api, before, g, strengths } = await hostedStaging()
    expect(strengths).toEqual([0.8, 0.6])
    expect(g).toMatchObject({ status: 'failed', errorCode: 'fidelity_missed' })
    expect(g.error).toMatch(/kept too few of your lines \(\d+ %; at least 97 % is expected\)/)
    expect(g.metadata.failure).toEqual([
      { id: 'lines_missed', params: { score: expect.any(Number), threshold: 97 } },
    ])
    expect(g.error).toContain(`(${g.metadata.failure![0]!.params!.score} %;`)
    expect(await balance(api)).toBe(before)
    expect(await ledgerSum(api)).toBe(await balance(api))
  }, 120_000)

  it('a local result under the threshold is kept, measured, and its credits given back with the reason', async () => {
    server = await startTestServer({ env: { FIDELITY_THRESHOLDS: 'sketch=0.99' } })
    const api = new Api(server.url)
    await api.signUp()
    const before = await balance(api)
    const r = await api.postForm(
      '/api/render/start',
      form(
        { generationType: 'sketch-render', userPrompt: 'a red brick house', customColors: '#b03a2e' },
        { sketch: await houseSketch() },
      ),
    )
    const [done] = await waitForJobs(api, [r.body.generation.id], 60_000)
    const g = done as unknown as Generation
    expect(g.status).toBe('completed')
    const f = g.metadata.fidelity!
    expect(f).toMatchObject({ method: 'lines', threshold: 0.99, followLines: 'balanced', tolerancePx: 3 })
    expect(f.score).toBeGreaterThan(0.5)
    expect(f.score).toBeLessThan(0.99)
    expect(f.overlayUrl).toMatch(/^\/api\/files\//)
    expect(f.colours).toEqual([expect.objectContaining({ requested: '#b03a2e', deltaE: expect.any(Number) })])
    expect(await balance(api)).toBe(before)
    const tx = await api.get('/api/user/credits/transactions')
    expect(JSON.stringify(tx.body)).toMatch(/not charged \(lines kept \d+ %, below the 99 % threshold\)/)
    const overlay = await fetch(`${server.url}${f.overlayUrl}`, {
      headers: { authorization: `Bearer ${api.token}` },
    })
    expect(overlay.status).toBe(200)
    expect((await sharp(Buffer.from(await overlay.arrayBuffer())).metadata()).width).toBe(512)
  }, 120_000)
})
