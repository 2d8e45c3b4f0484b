import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { convertUpload } from '../src/lib/upload-formats.ts'
import { rectMask } from './fixtures/images.ts'
import {
  avifPhoto,
  heicPhoto,
  meanColour,
  P3_HALVES,
  p3Heic,
  pdfPages,
  tiffRotated,
  withNclx,
} from './fixtures/upload-formats.ts'
import { Api, form } from './helpers/client.ts'
import { balance, ledgerSum } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Files as they come from phones and drawing tools (docs/decisions/0100-phone-and-drawing-inputs.md): HEIC,
// AVIF, TIFF and a chosen PDF page are accepted by every render route and stored converted, in sRGB with
// their orientation applied.
let server: TestServer
let api: Api
let userId: string

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_CREDITS: '2000' } })
  api = new Api(server.url)
  userId = (await api.signUp()).user.uid
})
afterAll(() => server.close())

const uploads = async () => {
  const keys: string[] = []
  for await (const k of server.ctx.storage.blobs.list(`users/${userId}/uploads/`)) keys.push(k)
  return keys
}

/** Send a request and return the one input it stored. */
async function storedInput(send: () => Promise<{ status: number; body: any }>) {
  const before = new Set(await uploads())
  const credits = await balance(api)
  const r = await send()
  expect(r.status, JSON.stringify(r.body)).toBe(202)
  expect(await balance(api)).toBeLessThan(credits)
  const added = (await uploads()).filter((k) => !before.has(k) && !k.endsWith('-mask.png'))
  expect(added).toHaveLength(1)
  const data = (await server.ctx.storage.blobs.get(added[0]!))!
  return { key: added[0]!, data, meta: await sharp(data).metadata() }
}

const RED = { left: 0.02, top: 0.1, width: 0.25, height: 0.8 }
const BLUE = { left: 0.45, top: 0.1, width: 0.5, height: 0.8 }

function expectRed([r, g, b]: [number, number, number]) {
  expect(r).toBeGreaterThan(190)
  expect(g).toBeLessThan(60)
  expect(b).toBeLessThan(60)
}
function expectBlue([r, g, b]: [number, number, number]) {
  expect(r).toBeLessThan(70)
  expect(b).toBeGreaterThan(170)
  expect(b - g).toBeGreaterThan(80)
}

describe('inputs from phones and drawing tools', () => {
  it('a HEIC photo (HEVC, which sharp cannot read) is staged, stored as an sRGB JPEG', async () => {
    const heic = await heicPhoto()
    expect(heic.toString('latin1', 4, 12)).toMatch(/^ftyp(heic|mif1)/)
    const { key, data, meta } = await storedInput(() =>
      api.postForm('/api/render/start', form({ generationType: 'home-staging' }, { image: heic })),
    )
    expect(key).toMatch(/\.jpg$/)
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 200, space: 'srgb' })
    expectRed(await meanColour(data, RED))
    expectBlue(await meanColour(data, BLUE))
  })

  it('an AVIF picture is animated', async () => {
    const { meta, data } = await storedInput(async () =>
      api.postForm(
        '/api/render/animate',
        form(
          { description: 'slow push in', duration: '6', cameraMovement: 'zoom_in' },
          { image: await avifPhoto() },
        ),
      ),
    )
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 200 })
    expectRed(await meanColour(data, RED))
  })

  it('a TIFF with EXIF orientation 6 is stored upright: turned a quarter clockwise, red on top', async () => {
    const { meta, data } = await storedInput(async () =>
      api.postForm(
        '/api/render/inpainting',
        form(
          { prompt: 'remove the sofa' },
          {
            image: await tiffRotated(),
            maskData: await rectMask(200, 320, { left: 20, top: 20, width: 60, height: 60 }),
          },
        ),
      ),
    )
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 320 })
    expect(meta.orientation ?? 1).toBe(1)
    // the left third (red) of the 320×200 picture is its top third once turned clockwise
    expectRed(await meanColour(data, { left: 0.1, top: 0.02, width: 0.8, height: 0.25 }))
    expectBlue(await meanColour(data, { left: 0.1, top: 0.5, width: 0.8, height: 0.45 }))
  })

  it('the page chosen of a two-page PDF is the sketch; a page it does not have is refused, free', async () => {
    const pdf = pdfPages([
      [1, 0, 0],
      [0, 0, 1],
    ])
    const preview = await api.postForm('/api/render/upload-preview', form({}, { file: pdf }))
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(preview.body).toMatchObject({ format: 'pdf', pages: 2 })
    expect(preview.body.previews).toHaveLength(2)
    const thumbs = preview.body.previews.map((u: string) => Buffer.from(u.split(',')[1]!, 'base64'))
    expectRed(await meanColour(thumbs[0], { left: 0.3, top: 0.3, width: 0.4, height: 0.4 }))
    expectBlue(await meanColour(thumbs[1], { left: 0.3, top: 0.3, width: 0.4, height: 0.4 }))

    const { key, meta, data } = await storedInput(() =>
      api.postForm(
        '/api/render/start',
        form({ generationType: 'sketch-render', userPrompt: 'a house', pdfPage: '2' }, { sketch: pdf }),
      ),
    )
    expect(key).toMatch(/\.png$/)
    // 400×300 pt drawn with 2048 px on the longer side
    expect(meta).toMatchObject({ format: 'png', width: 2048, height: 1536 })
    expectBlue(await meanColour(data, { left: 0.3, top: 0.3, width: 0.4, height: 0.4 }))
    // the page's white margin is white, not transparent or black
    const [r, g, b] = await meanColour(data, { left: 0, top: 0, width: 0.03, height: 1 })
    expect(Math.min(r, g, b)).toBeGreaterThan(245)

    const credits = await balance(api)
    const ledger = await ledgerSum(api)
    const before = await uploads()
    const third = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a house', pdfPage: '3' }, { sketch: pdf }),
    )
    expect(third.status).toBe(400)
    expect(third.body.error).toMatchObject({
      code: 'validation_failed',
      details: { field: 'pdfPage', reason: 'no_such_page', pages: 2 },
    })
    expect(await balance(api)).toBe(credits)
    expect(await ledgerSum(api)).toBe(ledger)
    expect(await uploads()).toEqual(before)
  })

  it('the refusal of a file that is none of these names the formats accepted', async () => {
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'home-staging' }, { image: Buffer.from('GIF89a not really a picture') }),
    )
    expect(r.status).toBe(415)
    expect(r.body.error.message).toBe(
      'Please select a valid image file (PNG, JPEG, WebP, HEIC, AVIF, TIFF or PDF)',
    )
    const preview = await api.postForm(
      '/api/render/upload-preview',
      form({}, { file: Buffer.from('%PDF-1.4 cut') }),
    )
    expect(preview.status).toBe(422)
    expect(preview.body.error.code).toBe('invalid_image_file')
  })

  describe('a HEIC keeps its colours: its colour profile converted to sRGB (docs/decisions/0124-heic-colour-to-srgb.md)', () => {
    const LEFT = { left: 0.05, top: 0.1, width: 0.35, height: 0.8 }
    const RIGHT = { left: 0.6, top: 0.1, width: 0.35, height: 0.8 }
    // P3 (200, 100, 80) in sRGB, by the linear-light matrix and by lcms with libvips' P3 profile alike
    const P3_IN_SRGB = [215, 93, 73]
    const near = (got: number[], want: readonly number[], by: number) => {
      for (const [i, v] of got.entries())
        expect(Math.abs(v - want[i]!), `${got} ≈ ${want}`).toBeLessThanOrEqual(by)
    }

    const staged = (heic: Buffer) =>
      storedInput(() =>
        api.postForm('/api/render/start', form({ generationType: 'home-staging' }, { image: heic })),
      )

    it('an ICC profile (an iPhone’s Display P3) is converted: the stored colours are the profile’s', async () => {
      const { key, data, meta } = await staged(await p3Heic('p3-profile'))
      expect(key).toMatch(/\.jpg$/)
      expect(meta).toMatchObject({ format: 'jpeg', width: 128, height: 64, space: 'srgb' })
      near(await meanColour(data, LEFT), P3_IN_SRGB, 3)
      // P3 red lies outside sRGB: clipped to sRGB red
      near(await meanColour(data, RIGHT), [255, 0, 0], 3)
    })

    it('nclx Display P3 (primaries 12, sRGB curve) goes through the matrix to the same colours', async () => {
      const { data } = await staged(withNclx(await p3Heic('p3-untagged'), 12, 13))
      near(await meanColour(data, LEFT), P3_IN_SRGB, 3)
      near(await meanColour(data, RIGHT), [255, 0, 0], 3)
    })

    it('nclx sRGB, or no colour information at all, is stored unchanged', async () => {
      for (const heic of [withNclx(await p3Heic('p3-untagged'), 1, 13), await p3Heic('p3-untagged')]) {
        const { data } = await staged(heic)
        near(await meanColour(data, LEFT), P3_HALVES.left, 2)
        near(await meanColour(data, RIGHT), P3_HALVES.right, 2)
      }
    })

    it('what it cannot convert (BT.2020 with PQ, an HDR photo) is kept as decoded, and the result says so', async () => {
      const hdr = withNclx(await p3Heic('p3-untagged'), 9, 16)
      const r = await convertUpload(hdr)
      expect(r).toMatchObject({ ok: true, format: 'jpeg', colour: 'kept' })
      near(await meanColour(r.ok ? r.data : Buffer.alloc(0), LEFT), P3_HALVES.left, 2)
      expect(await convertUpload(withNclx(await p3Heic('p3-untagged'), 12, 13))).toMatchObject({
        colour: 'display-p3',
      })
      expect(await convertUpload(await p3Heic('p3-profile'))).toMatchObject({ colour: 'icc' })
      // a profile whose tags point outside it (libvips would ignore it without a word): kept, and said so
      const damaged = Buffer.from(await p3Heic('p3-profile'))
      const icc = damaged.indexOf('colrprof') + 8
      for (let i = 0; i < damaged.readUInt32BE(icc + 128); i++)
        damaged.writeUInt32BE(0x7fffffff, icc + 132 + i * 12 + 4)
      const kept = await convertUpload(damaged)
      expect(kept).toMatchObject({ ok: true, colour: 'kept' })
      near(await meanColour(kept.ok ? kept.data : Buffer.alloc(0), LEFT), P3_HALVES.left, 2)
      const { data } = await staged(hdr)
      near(await meanColour(data, LEFT), P3_HALVES.left, 2)
    })
  })
})
