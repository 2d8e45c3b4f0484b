import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generations } from '../src/db/schema.ts'
import { Api } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'
import { unzip } from './helpers/zip.ts'

// The brand kit (docs/decisions/0119-brand-kit-outside-mls.md): drawn on social, brochure and website exports,
// never on an MLS export. Staged rows are written straight into the table over real image files.
let server: TestServer
let a: Api
let aId: string

const PRIMARY = '#12579a'
const LOGO_RED = { r: 230, g: 20, b: 30 }
const AGENT = 'Marta Quintela'
const AGENCY = 'Quintela Homes'

/** A photo with detail everywhere, in greens: no pixel of it is near the brand's blue or the logo's red. */
async function photo(seed: number) {
  const W = 640
  const H = 480
  const raw = Buffer.alloc(W * H * 3)
  for (let i = 0; i < W * H; i++) {
    raw[i * 3] = 40 + ((i * 7 + seed) % 40)
    raw[i * 3 + 1] = 120 + ((i * 3 + seed * 11) % 100)
    raw[i * 3 + 2] = 40 + ((i * 5) % 30)
  }
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer()
}

/** The mean colour of a region of a picture. */
async function meanOf(img: Buffer, region: { left: number; top: number; width: number; height: number }) {
  // stats() reads its input, not the pipeline: cut the region out first
  const { channels } = await sharp(await sharp(img).extract(region).removeAlpha().png().toBuffer()).stats()
  return { r: channels[0]!.mean, g: channels[1]!.mean, b: channels[2]!.mean }
}

/** Pixels close to a colour, as a share of the picture. */
async function shareNear(img: Buffer, c: { r: number; g: number; b: number }, tolerance = 40) {
  const { data, info } = await sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let n = 0
  for (let i = 0; i < data.length; i += 3)
    if (Math.abs(data[i]! - c.r) + Math.abs(data[i + 1]! - c.g) + Math.abs(data[i + 2]! - c.b) < tolerance)
      n++
  return n / (info.width * info.height)
}

async function post(path: string, json?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${a.token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  })
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: Buffer.from(await res.arrayBuffer()),
  }
}

let projectId: string
let stagedId: string
let stagedBytes: Buffer

beforeAll(async () => {
  server = await startTestServer()
  a = new Api(server.url)
  aId = (await a.signUp()).user.uid
  projectId = (
    await a.post('/api/user/projects', { name: '9 Rua Nova', reference: 'Lisbon', boardId: 'mls-now' })
  ).body.project.id
  stagedId = randomUUID()
  const originalKey = `users/${aId}/uploads/${stagedId}.jpg`
  const stagedKey = `users/${aId}/${stagedId}/output.jpg`
  stagedBytes = await photo(2)
  await server.ctx.storage.blobs.put(originalKey, await photo(1), 'image/jpeg')
  await server.ctx.storage.blobs.put(stagedKey, stagedBytes, 'image/jpeg')
  await server.ctx.database.db.insert(generations).values({
    id: stagedId,
    userId: aId,
    projectId,
    type: 'image',
    generationType: 'home-staging',
    mode: 'staging',
    status: 'completed',
    creditsCost: 40,
    payload: { v: 1 },
    inputKeys: [originalKey],
    outputImageKey: stagedKey,
    metadata: {
      stagingOptions: ['addFurniture'],
      fidelity: { score: 0.9, method: 'structure', tolerancePx: 3, threshold: 0.3 },
    },
  })
})
afterAll(() => server?.close())

describe('the brand kit (docs/decisions/0119-brand-kit-outside-mls.md)', () => {
  it('is saved with a logo, read back, and refused when malformed', async () => {
    const empty = await a.get('/api/user/brand-kit')
    expect(empty.body.brandKit).toMatchObject({ agentName: '', logoUrl: null })
    const logo = await sharp({ create: { width: 300, height: 150, channels: 3, background: LOGO_RED } })
      .png()
      .toBuffer()
    const r = await a.request('PUT', '/api/user/brand-kit', {
      json: {
        primaryColor: PRIMARY,
        accentColor: '#f0c000',
        agentName: AGENT,
        agentTitle: 'Listing agent',
        agency: AGENCY,
        phone: '+351 21 000 0000',
        email: 'marta@quintela.test',
        logoData: `data:image/png;base64,${logo.toString('base64')}`,
      },
    })
    expect(r.status).toBe(200)
    expect(r.body.brandKit).toMatchObject({ agentName: AGENT, primaryColor: PRIMARY })
    expect(r.body.brandKit.logoUrl).toBeTruthy()
    // absent logoData keeps the logo
    const kept = await a.request('PUT', '/api/user/brand-kit', {
      json: { primaryColor: PRIMARY, agentName: AGENT, agency: AGENCY, phone: '+351 21 000 0000' },
    })
    expect(kept.body.brandKit.logoUrl).toBe(r.body.brandKit.logoUrl)
    const bad = await a.request('PUT', '/api/user/brand-kit', { json: { primaryColor: 'blue' } })
    expect(bad.status).toBe(400)
    const notImage = await a.request('PUT', '/api/user/brand-kit', {
      json: { logoData: `data:image/png;base64,${Buffer.from('not a picture').toString('base64')}` },
    })
    expect(notImage.status).toBe(415)
  })

  it('is drawn on a 1080² social post: the band in the brand colour, the logo in it, the photo above', async () => {
    const r = await post(`/api/user/generations/${stagedId}/branded`, { target: 'social' })
    expect(r.status).toBe(200)
    expect(r.type).toBe('image/jpeg')
    const meta = await sharp(r.body).metadata()
    expect([meta.width, meta.height]).toEqual([1080, 1080])
    // the band's right end (no text there) is the primary colour
    const band = await meanOf(r.body, { left: 1000, top: 900, width: 70, height: 170 })
    expect(Math.abs(band.r - 0x12) + Math.abs(band.g - 0x57) + Math.abs(band.b - 0x9a)).toBeLessThan(30)
    // the logo is in the band and nowhere over the photo
    const bandPixels = await sharp(r.body).extract({ left: 0, top: 864, width: 1080, height: 216 }).toBuffer()
    expect(await shareNear(bandPixels, LOGO_RED)).toBeGreaterThan(0.05)
    const above = await sharp(r.body).extract({ left: 0, top: 0, width: 1080, height: 850 }).toBuffer()
    expect(await shareNear(above, LOGO_RED)).toBe(0)
  })

  it('is drawn on an A4 brochure page and a website image', async () => {
    for (const [target, w, h] of [
      ['brochure', 1240, 1754],
      ['website', 1920, 1080],
    ] as const) {
      const r = await post(`/api/user/generations/${stagedId}/branded`, { target })
      expect(r.status).toBe(200)
      const meta = await sharp(r.body).metadata()
      expect([meta.width, meta.height]).toEqual([w, h])
      expect(await shareNear(r.body, LOGO_RED)).toBeGreaterThan(0.001)
    }
    expect((await post(`/api/user/generations/${stagedId}/branded`, { target: 'mls' })).status).toBe(400)
    const b = new Api(server.url)
    await b.signUp()
    const theirs = await fetch(`${server.url}/api/user/generations/${stagedId}/branded`, {
      method: 'POST',
      headers: { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'social' }),
    })
    expect(theirs.status).toBe(404)
  })

  it('never reaches an MLS export where the board forbids branding: the pictures are the masters’, no agent in any text', async () => {
    await a.request('PUT', `/api/user/projects/${projectId}/published`, { json: { published: true } })
    const r = await post(`/api/user/projects/${projectId}/export`)
    expect(r.status).toBe(200)
    const files = await unzip(r.body)
    const staged = [...files].find(([name]) => name.includes('staged'))!
    // the file leaves with Content Credentials (docs/decisions/0113-c2pa-signing-at-download.md), so its bytes
    // differ from the master's; its pixels are the master's, nothing drawn on them
    const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer()
    expect((await pixels(staged[1])).equals(await pixels(stagedBytes))).toBe(true)
    for (const [name, bytes] of files) {
      if (name.endsWith('.csv') || name.endsWith('.txt')) {
        const text = bytes.toString()
        for (const mark of [AGENT, AGENCY, '+351', 'marta@'])
          expect(text, `${name} carries ${mark}`).not.toContain(mark)
      } else {
        expect(await shareNear(bytes, LOGO_RED), `${name} carries the logo`).toBe(0)
        expect(await shareNear(bytes, { r: 0x12, g: 0x57, b: 0x9a }, 20), `${name} carries the band`).toBe(0)
      }
    }
  })
})
