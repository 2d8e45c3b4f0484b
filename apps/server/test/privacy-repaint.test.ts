import { readFileSync } from 'node:fs'
import { COSTS } from '@parti/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { perspectiveRoom, room, W } from './fixtures/room.ts'
import { Api, form } from './helpers/client.ts'
import { balance, ledgerSum, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Privacy blur (docs/decisions/0111-privacy-blur.md) and repaint in an exact colour
// (docs/decisions/0112-repaint-exact-colours.md) through the API: the free detection, the job at its price with
// what was done measured in its notes, and each refusal before anything is charged or kept.
const ASTRONAUT = readFileSync(new URL('./fixtures/astronaut.jpg', import.meta.url))

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
const output = async (url: string) => {
  const r = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${api.token}` } })
  expect(r.status).toBe(200)
  return Buffer.from(await r.arrayBuffer())
}
const raw = async (img: Buffer) =>
  (await sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data

/** Expects a refusal that charged nothing and kept no file. */
async function refusedFree(
  fields: Record<string, string>,
  files: Record<string, Buffer>,
  status: number,
  reason: string,
) {
  const credits = await balance(api)
  const ledger = await ledgerSum(api)
  const before = await uploads()
  const r = await api.postForm('/api/render/start', form(fields, files))
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error.details.reason).toBe(reason)
  expect(await balance(api)).toBe(credits)
  expect(await ledgerSum(api)).toBe(ledger)
  expect(await uploads()).toEqual(before)
  return r
}

describe('privacy blur', () => {
  it('detection is free and finds the face; the blur is charged its price and changes the face only', async () => {
    const credits = await balance(api)
    const d = await api.postForm('/api/render/detect', form({ detect: 'faces' }, { file: ASTRONAUT }))
    expect(d.status, JSON.stringify(d.body)).toBe(200)
    expect(d.body.faces).toHaveLength(1)
    expect(await balance(api)).toBe(credits)
    const face = d.body.faces[0]
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'privacy', blurBoxes: JSON.stringify([face]) }, { image: ASTRONAUT }),
    )
    expect(r.status, JSON.stringify(r.body)).toBe(202)
    expect(await balance(api)).toBe(credits - COSTS.privacy)
    const [g] = await waitForJobs(api, [r.body.generation.id])
    expect(g!.status, JSON.stringify(g)).toBe('completed')
    const note = (g!.metadata as any).notes.find((n: any) => n.id === 'privacy_blurred')
    expect(note.params).toEqual({ faces: 1, areas: 0 })
    // measured: the face's detail is gone (its pixels differ a lot), a far corner is as it was (JPEG aside)
    const a = await raw(ASTRONAUT)
    const b = await raw(await output(String(g!.outputImageUrl)))
    const diff = (x0: number, y0: number, x1: number, y1: number) => {
      let s = 0
      let n = 0
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const i = (y * 512 + x) * 3
          s += Math.abs(a[i]! - b[i]!)
          n++
        }
      return s / n
    }
    const fx = Math.round((face.x + face.w / 2) * 512)
    const fy = Math.round((face.y + face.h / 2) * 512)
    expect(diff(fx - 25, fy - 25, fx + 25, fy + 25)).toBeGreaterThan(8)
    expect(diff(440, 440, 510, 510)).toBeLessThan(2)
  })

  it('a photo without a face and without a lasso is refused, free; with every face toggled off too', async () => {
    const empty = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#b7a58a' } })
      .jpeg()
      .toBuffer()
    const r = await refusedFree({ generationType: 'privacy' }, { image: empty }, 422, 'nothing_to_blur')
    expect(r.body.error.code).toBe('not_offered')
    await refusedFree(
      { generationType: 'privacy', blurBoxes: '[]' },
      { image: ASTRONAUT },
      422,
      'nothing_to_blur',
    )
  })
})

describe('repaint in an exact colour', () => {
  let png: Buffer
  beforeAll(async () => {
    const { image } = room()
    png = await sharp(image.data, { raw: { width: W, height: 600, channels: 3 } })
      .png()
      .toBuffer()
  })

  it('the click picks the wall for free; RAL 7035 is charged its price and reads its ΔE', async () => {
    const credits = await balance(api)
    const d = await api.postForm(
      '/api/render/detect',
      form({ detect: 'surface', paintPoint: '0.3,0.55' }, { file: png }),
    )
    expect(d.status, JSON.stringify(d.body)).toBe(200)
    expect(d.body.surface.share).toBeGreaterThan(0.35)
    expect(d.body.surface.mask).toMatch(/^data:image\/png;base64,/)
    expect(await balance(api)).toBe(credits)
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'repaint', paintColor: 'RAL 7035', paintPoint: '0.3,0.55' }, { image: png }),
    )
    expect(r.status, JSON.stringify(r.body)).toBe(202)
    expect(await balance(api)).toBe(credits - COSTS.repaint)
    const [g] = await waitForJobs(api, [r.body.generation.id])
    expect(g!.status, JSON.stringify(g)).toBe('completed')
    expect(g!.mode).toBe('repaint')
    const note = (g!.metadata as any).notes.find((n: any) => n.id === 'surface_repainted')
    expect(note.params.colour).toBe('RAL 7035 (Light grey)')
    expect(note.params.deltaE).toBeLessThanOrEqual(2)
    expect(note.params.outside).toBe(0)
    expect(note.params.share).toBeGreaterThan(35)
    // the result is a PNG like the photo: the ceiling and the floor are bit for bit the photo's
    const a = await raw(png)
    const b = await raw(await output(String(g!.outputImageUrl)))
    for (const [x, y] of [
      [400, 40],
      [100, 520],
      [560, 250],
    ])
      expect(b.subarray((y! * W + x!) * 3, (y! * W + x!) * 3 + 3)).toEqual(
        a.subarray((y! * W + x!) * 3, (y! * W + x!) * 3 + 3),
      )
  })

  it('an unknown colour, a click on nothing, or neither click nor lasso is refused, free', async () => {
    await refusedFree(
      { generationType: 'repaint', paintColor: 'RAL 9999', paintPoint: '0.3,0.55' },
      { image: png },
      400,
      'paint_unknown',
    )
    // a click on the gap between two floorboards: a line, far below a surface's size
    await refusedFree(
      { generationType: 'repaint', paintColor: '#336699', paintPoint: '0.3,0.85' },
      { image: png },
      422,
      'surface_not_found',
    )
    await refusedFree(
      { generationType: 'repaint', paintColor: '#336699' },
      { image: png },
      422,
      'surface_not_found',
    )
  })
})

// docs/decisions/0120-repaint-materials.md: a material from the library instead of a colour, same price
describe('repaint with a material', () => {
  let png: Buffer
  beforeAll(async () => {
    const { image } = perspectiveRoom()
    png = await sharp(image.data, { raw: { width: W, height: 600, channels: 3 } })
      .png()
      .toBuffer()
  })

  it('the click is seen as a floor for free; oak parquet is charged once and its notes say what was done', async () => {
    const credits = await balance(api)
    const ledger = await ledgerSum(api)
    const d = await api.postForm(
      '/api/render/detect',
      form({ detect: 'surface', paintPoint: '0.5,0.85' }, { file: png }),
    )
    expect(d.status, JSON.stringify(d.body)).toBe(200)
    expect(d.body.surface.kind).toBe('floor')
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'repaint', material: 'oak-parquet', paintPoint: '0.5,0.85' }, { image: png }),
    )
    expect(r.status, JSON.stringify(r.body)).toBe(202)
    const [g] = await waitForJobs(api, [r.body.generation.id])
    expect(g!.status, JSON.stringify(g)).toBe('completed')
    expect(await balance(api)).toBe(credits - COSTS.repaint)
    expect(await ledgerSum(api)).toBe(ledger - COSTS.repaint)
    const note = (g!.metadata as any).notes.find((n: any) => n.id === 'material_laid')
    expect(note.params).toMatchObject({
      material: 'oak-parquet',
      surface: 'floor',
      perspective: 'vanishing_point',
      outside: 0,
    })
    expect(note.params.deltaE).toBeLessThanOrEqual(2)
    // stored: the ceiling and the back wall are the photo's, the floor is not
    const a = await raw(png)
    const b = await raw(await output(String(g!.outputImageUrl)))
    const at = (img: Buffer, x: number, y: number) => [...img.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)]
    expect(at(b, 400, 30)).toEqual(at(a, 400, 30))
    expect(at(b, 400, 250)).toEqual(at(a, 400, 250))
    let differ = 0
    for (let x = 200; x < 600; x++) if (at(b, x, 560).join() !== at(a, x, 560).join()) differ++
    expect(differ).toBeGreaterThan(380)
  })

  it('a colour and a material together, neither, or a material not in the library: 400, nothing charged', async () => {
    const credits = await balance(api)
    const ledger = await ledgerSum(api)
    const before = await uploads()
    for (const [fields, field, words] of [
      [{ paintColor: 'RAL 7035', material: 'oak-parquet' }, 'material', /not both/],
      [{}, 'paintColor', /a colour \(paintColor\) or a material/],
      [{ material: 'lino' }, 'material', /./],
    ] as const) {
      const r = await api.postForm(
        '/api/render/start',
        form({ generationType: 'repaint', paintPoint: '0.5,0.85', ...fields }, { image: png }),
      )
      expect(r.status, JSON.stringify(r.body)).toBe(400)
      expect(r.body.error.code).toBe('validation_failed')
      expect(r.body.error.field ?? r.body.error.details?.field, JSON.stringify(r.body)).toBe(field)
      expect(r.body.error.message).toMatch(words)
    }
    expect(await balance(api)).toBe(credits)
    expect(await ledgerSum(api)).toBe(ledger)
    expect(await uploads()).toEqual(before)
  })
})
