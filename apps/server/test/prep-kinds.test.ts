import { COSTS } from '@parti/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { camera, facade, jpeg, photograph } from './fixtures/facade.ts'
import { overcastHouseJpeg } from './fixtures/sky-scene.ts'
import { Api, form } from './helpers/client.ts'
import { balance, ledgerSum, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Listing photo prep beside straighten (docs/decisions/0109-light.md, docs/decisions/0110-sky-and-dusk.md): each
// kind charged its price, its notes saying what was measured; a photo without a sky refused before any charge.
let server: TestServer
let api: Api
let userId: string

beforeAll(async () => {
  server = await startTestServer()
  api = new Api(server.url)
  userId = (await api.signUp()).user.uid
})
afterAll(() => server.close())

const darkRoom = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
      <rect width="1200" height="800" fill="#4a3c2c"/><rect y="560" width="1200" height="240" fill="#2a2016"/>
      <rect x="760" y="120" width="300" height="340" fill="#ffffff"/><rect x="160" y="400" width="340" height="180" fill="#6b4a30"/></svg>`),
  )
    .jpeg()
    .toBuffer()

describe('better light', () => {
  it('a dark room comes back brighter at the strength asked, charged its price, the light measured in its notes', async () => {
    const before = await balance(api)
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'light', strength: '80' }, { image: await darkRoom() }),
    )
    expect(r.status, JSON.stringify(r.body)).toBe(202)
    expect(await balance(api)).toBe(before - COSTS.light)
    const [g] = await waitForJobs(api, [r.body.generation.id])
    expect(g!.status, JSON.stringify(g)).toBe('completed')
    expect(g!.mode).toBe('light')
    const note = (g!.metadata as any).notes.find((n: any) => n.id === 'light_corrected')
    expect(note.params.strength).toBe(80)
    expect(note.params.ev).toBeGreaterThan(0.5)
    expect(note.params.castAfter).toBeLessThan(note.params.castBefore)
    expect(note.params.clipAfter).toBeLessThan(note.params.clipBefore)
    const out = await fetch(`${server.url}${g!.outputImageUrl}`, {
      headers: { authorization: `Bearer ${api.token}` },
    })
    const stats = await sharp(Buffer.from(await out.arrayBuffer())).stats()
    const input = await sharp(await darkRoom()).stats()
    expect(stats.channels[1]!.mean).toBeGreaterThan(input.channels[1]!.mean + 15)
  })

  it('a strength outside 0–100 is refused before anything is charged', async () => {
    const credits = await balance(api)
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'light', strength: '150' }, { image: await darkRoom() }),
    )
    expect(r.status).toBe(400)
    expect(await balance(api)).toBe(credits)
  })
})

const uploads = async () => {
  const keys: string[] = []
  for await (const k of server.ctx.storage.blobs.list(`users/${userId}/uploads/`)) keys.push(k)
  return keys
}

const resultOf = async (generationType: string, fields: Record<string, string> = {}) => {
  const before = await balance(api)
  const r = await api.postForm(
    '/api/render/start',
    form({ generationType, ...fields }, { image: await overcastHouseJpeg() }),
  )
  expect(r.status, JSON.stringify(r.body)).toBe(202)
  expect(await balance(api)).toBe(before - COSTS[generationType as 'sky' | 'dusk'])
  const [g] = await waitForJobs(api, [r.body.generation.id])
  expect(g!.status, JSON.stringify(g)).toBe('completed')
  expect(g!.mode).toBe(generationType)
  const out = await fetch(`${server.url}${g!.outputImageUrl}`, {
    headers: { authorization: `Bearer ${api.token}` },
  })
  const { data, info } = await sharp(Buffer.from(await out.arrayBuffer()))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const px = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
  ]
  return { g: g!, px }
}

describe('sky and dusk', () => {
  it('without keys the built-in engine serves both and nothing else is offered (docs/decisions/0125-hosted-sky-and-dusk.md)', async () => {
    const r = await api.get('/api/capabilities')
    for (const kind of ['sky', 'dusk']) {
      expect(r.body.kinds[kind].engines).toEqual(['local'])
      expect(r.body.kinds[kind].steps[0].engine).toBe('local')
    }
    // an engine that is not configured cannot be chosen
    const refused = await api.postForm(
      '/api/render/start',
      form({ generationType: 'dusk', engine: 'fal' }, { image: await overcastHouseJpeg() }),
    )
    expect(refused.status).toBe(422)
    expect(refused.body.error).toMatchObject({ code: 'not_offered', details: { engine: 'fal' } })
  })

  it('a grey sky is replaced with a blue one, with the confidence in the notes', async () => {
    const { g, px } = await resultOf('sky', { sky: 'blue' })
    const note = (g.metadata as any).notes.find((n: any) => n.id === 'sky_replaced')
    expect(note.params.confidence).toBeGreaterThanOrEqual(80)
    expect(note.params.area).toBeGreaterThan(38)
    const [r, , b] = px(100, 60)
    expect(b! - r!).toBeGreaterThan(60)
  })

  it('day to dusk: a dusk sky, the house darker, its windows lit, and the note says it is a grade', async () => {
    const { g, px } = await resultOf('dusk')
    const note = (g.metadata as any).notes.find((n: any) => n.id === 'dusk_graded')
    expect(note.params.ev).toBeGreaterThan(1)
    expect(note.params.windows).toBeGreaterThanOrEqual(8)
    // the wall (#b9a58a) is darker; a window's glass (#34404c) is warm
    expect(px(60, 620)[0]!).toBeLessThan(0xb9 - 50)
    const glass = px(140, 595)
    expect(glass[0]! - glass[2]!).toBeGreaterThan(50)
  })

  it.each(['sky', 'dusk'])(
    '%s on a photo with no sky is refused with 422, nothing charged and nothing kept',
    async (kind) => {
      const wall = await jpeg(await photograph(await facade(), camera(0, 0)))
      const credits = await balance(api)
      const ledger = await ledgerSum(api)
      const files = await uploads()
      const r = await api.postForm('/api/render/start', form({ generationType: kind }, { image: wall }))
      expect(r.status).toBe(422)
      expect(r.body.error).toMatchObject({ code: 'not_offered', details: { reason: 'no_sky' } })
      expect(r.body.error.message).toMatch(/No sky could be found/)
      expect(await balance(api)).toBe(credits)
      expect(await ledgerSum(api)).toBe(ledger)
      expect(await uploads()).toEqual(files)
    },
  )
})
