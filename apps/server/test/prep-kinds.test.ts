import { COSTS } from '@parti/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Api, form } from './helpers/client.ts'
import { balance, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Listing photo prep beside straighten (docs/decisions/0109-light.md): each kind charged its price, its notes
// saying what was measured.
let server: TestServer
let api: Api

beforeAll(async () => {
  server = await startTestServer()
  api = new Api(server.url)
  await api.signUp()
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
