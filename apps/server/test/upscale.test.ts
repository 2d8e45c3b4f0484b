import { fileURLToPath } from 'node:url'
import { COSTS, UPSCALE_DPI } from '@parti/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Api, form } from './helpers/client.ts'
import { balance, ledgerSum, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Upscale (docs/decisions/0115-upscale.md): a picture comes back 2× larger on each side, charged its factor's
// price, recording 300 dpi, with the sharpness before and after in its notes; a gallery result upscales again
// from its id; a request whose result would pass the limits is refused before anything is charged.
let server: TestServer
let api: Api
let userId: string

beforeAll(async () => {
  server = await startTestServer()
  api = new Api(server.url)
  userId = (await api.signUp()).user.uid
})
afterAll(() => server.close())

const RENDER = fileURLToPath(new URL('../../web/public/tour/interior-after.webp', import.meta.url))
const uploads = async () => {
  const keys: string[] = []
  for await (const k of server.ctx.storage.blobs.list(`users/${userId}/uploads/`)) keys.push(k)
  return keys
}
const download = async (url: string) => {
  const out = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${api.token}` } })
  expect(out.status).toBe(200)
  return Buffer.from(await out.arrayBuffer())
}

describe('upscale', () => {
  it('a render comes back 2× larger at 300 dpi, charged 2×’s price, and its result upscales again by id', async () => {
    const picture = await sharp(RENDER)
      .extract({ left: 300, top: 180, width: 160, height: 120 })
      .jpeg({ quality: 95 })
      .toBuffer()
    const before = await balance(api)
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'upscale', upscaleFactor: '2' }, { image: picture }),
    )
    expect(r.status, JSON.stringify(r.body)).toBe(202)
    expect(r.body.generation.creditsCost).toBe(COSTS.upscale[2])
    expect(await balance(api)).toBe(before - COSTS.upscale[2])
    const [g] = await waitForJobs(api, [r.body.generation.id])
    expect(g!.status, JSON.stringify(g)).toBe('completed')
    expect(g!.mode).toBe('upscale')
    expect(g!.creditsCharged).toBe(COSTS.upscale[2])
    const note = (g!.metadata as any).notes.find((n: any) => n.id === 'upscaled')
    expect(note.params).toMatchObject({ factor: 2, width: 320, height: 240, dpi: UPSCALE_DPI })
    expect(note.params.before).toBeGreaterThan(0)
    expect(note.params.after).toBeGreaterThan(0)
    const meta = await sharp(await download(String(g!.outputImageUrl))).metadata()
    expect([meta.width, meta.height, meta.density]).toEqual([320, 240, UPSCALE_DPI])

    const again = await api.postForm(
      '/api/render/start',
      form({ generationType: 'upscale', upscaleFactor: '2', sourceGenerationId: g!.id }),
    )
    expect(again.status, JSON.stringify(again.body)).toBe(202)
    const [g2] = await waitForJobs(api, [again.body.generation.id])
    expect(g2!.status, JSON.stringify(g2)).toBe('completed')
    expect(g2!.sourceGenerationId).toBe(g!.id)
    const meta2 = await sharp(await download(String(g2!.outputImageUrl))).metadata()
    expect([meta2.width, meta2.height]).toEqual([640, 480])
  })

  it('a result past the limits is refused with 422 and the sizes, nothing charged and nothing kept', async () => {
    // 1300² at 4× would be 5200², 27 megapixels: past the 24 an upscale makes
    const big = await sharp({
      create: { width: 1300, height: 1300, channels: 3, background: '#8a9bb0' },
    })
      .composite([{ input: await sharp(RENDER).resize(600).toBuffer(), left: 100, top: 100 }])
      .jpeg()
      .toBuffer()
    const credits = await balance(api)
    const ledger = await ledgerSum(api)
    const files = await uploads()
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'upscale', upscaleFactor: '4' }, { image: big }),
    )
    expect(r.status).toBe(422)
    expect(r.body.error).toMatchObject({
      code: 'not_offered',
      details: {
        reason: 'upscale_too_large',
        field: 'upscaleFactor',
        params: { outWidth: 5200, outHeight: 5200 },
      },
    })
    expect(r.body.error.message).toMatch(/5200×5200 pixels.*not charged/)
    expect(await balance(api)).toBe(credits)
    expect(await ledgerSum(api)).toBe(ledger)
    expect(await uploads()).toEqual(files)
  })

  it('a factor other than 2 or 4 is a validation error', async () => {
    const r = await api.postForm(
      '/api/render/start',
      form(
        { generationType: 'upscale', upscaleFactor: '3' },
        { image: await sharp(RENDER).resize(200).jpeg().toBuffer() },
      ),
    )
    expect(r.status).toBe(400)
  })
})
