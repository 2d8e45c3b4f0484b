import { COSTS } from '@parti/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tiltedFacadeJpeg } from './fixtures/facade.ts'
import { Api, form } from './helpers/client.ts'
import { balance, ledgerSum, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Straighten verticals (docs/decisions/0101-straighten-verticals.md): a tilted facade comes back upright with the
// lean measured before and after in its notes; a photo without verticals is refused before anything is charged.
let server: TestServer
let api: Api
let userId: string

beforeAll(async () => {
  server = await startTestServer()
  api = new Api(server.url)
  userId = (await api.signUp()).user.uid
})
afterAll(() => server.close())

const uploads = async () => {
  const keys: string[] = []
  for await (const k of server.ctx.storage.blobs.list(`users/${userId}/uploads/`)) keys.push(k)
  return keys
}

describe('straighten verticals', () => {
  it('a facade shot looking up comes back upright, charged its price, with the lean before and after', async () => {
    const before = await balance(api)
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'straighten' }, { image: await tiltedFacadeJpeg(-12, 2) }),
    )
    expect(r.status, JSON.stringify(r.body)).toBe(202)
    expect(await balance(api)).toBe(before - COSTS.straighten)
    const [g] = await waitForJobs(api, [r.body.generation.id])
    expect(g!.status, JSON.stringify(g)).toBe('completed')
    expect(g!.mode).toBe('straighten')
    const note = (g!.metadata as any).notes.find((n: any) => n.id === 'verticals_straightened')
    expect(note.params.before).toBeGreaterThan(2)
    expect(note.params.after).toBeLessThan(0.5)
    expect(note.params.pitch).toBeGreaterThan(8)
    // the result is a picture of about the photo's pixel count, not the photo itself
    const out = await fetch(`${server.url}${g!.outputImageUrl}`, {
      headers: { authorization: `Bearer ${api.token}` },
    })
    expect(out.status).toBe(200)
    const meta = await sharp(Buffer.from(await out.arrayBuffer())).metadata()
    expect(meta.width! * meta.height!).toBeGreaterThan(1200 * 900 * 0.9)
    expect(meta.width! * meta.height!).toBeLessThanOrEqual(1200 * 900 * 1.01)
  })

  it('a photo with no verticals is refused with 422, nothing charged and nothing kept', async () => {
    const sky = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#9ab8d8' } })
      .jpeg()
      .toBuffer()
    const credits = await balance(api)
    const ledger = await ledgerSum(api)
    const files = await uploads()
    const r = await api.postForm('/api/render/start', form({ generationType: 'straighten' }, { image: sky }))
    expect(r.status).toBe(422)
    expect(r.body.error).toMatchObject({ code: 'not_offered', details: { reason: 'no_verticals' } })
    expect(r.body.error.message).toMatch(/No vertical lines/)
    expect(await balance(api)).toBe(credits)
    expect(await ledgerSum(api)).toBe(ledger)
    expect(await uploads()).toEqual(files)
  })
})
