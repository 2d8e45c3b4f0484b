import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bigFlatPng, rectMask, roomJpeg, solidPng, truncatedJpeg, truncatedPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { balance, ledgerSum } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// An upload is decoded in full before anything is charged or stored (docs/product.md#validation-upload): a
// file the engine could not read is refused at the request, with no job, no debit and no file left behind.
let server: TestServer
let api: Api
let userId: string

beforeAll(async () => {
  server = await startTestServer()
  api = new Api(server.url)
  userId = (await api.signUp()).user.uid
})
afterAll(() => server.close())

const filesOfUser = async () => {
  const keys: string[] = []
  for await (const k of server.ctx.storage.blobs.list(`users/${userId}/`)) keys.push(k)
  return keys
}

async function expectRefusedWithoutTrace(
  send: () => Promise<{ status: number; body: any }>,
  status: number,
  code: string,
  reason?: string,
) {
  const credits = await balance(api)
  const ledger = await ledgerSum(api)
  const r = await send()
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error.code).toBe(code)
  if (reason) expect(r.body.error.details?.reason).toBe(reason)
  expect(await balance(api)).toBe(credits)
  expect(await ledgerSum(api)).toBe(ledger)
  expect((await api.get('/api/user/generations')).body.generations).toEqual([])
  expect(await filesOfUser()).toEqual([])
  return r
}

const sketchRender = (sketch: Buffer) => () =>
  api.postForm(
    '/api/render/start',
    form({ generationType: 'sketch-render', userPrompt: 'a house' }, { sketch }),
  )

describe('uploads are decoded in full before anything is charged or stored', () => {
  it('a truncated PNG is 422 "Please select a valid image file"', async () => {
    const r = await expectRefusedWithoutTrace(
      sketchRender(await truncatedPng()),
      422,
      'invalid_image_file',
      'file_damaged',
    )
    expect(r.body.error.message).toBe(
      'Please select a valid image file (PNG, JPEG, WebP, HEIC, AVIF, TIFF or PDF)',
    )
  })

  it('a truncated JPEG is 422 on the other render routes too', async () => {
    const jpeg = await truncatedJpeg()
    await expectRefusedWithoutTrace(
      () =>
        api.postForm(
          '/api/render/animate',
          form({ description: 'slow push in', duration: '6', cameraMovement: 'zoom_in' }, { image: jpeg }),
        ),
      422,
      'invalid_image_file',
      'file_damaged',
    )
    await expectRefusedWithoutTrace(
      async () =>
        api.postForm(
          '/api/render/inpainting',
          form(
            { prompt: 'remove the sofa' },
            { image: jpeg, maskData: await rectMask(640, 480, { left: 10, top: 10, width: 50, height: 50 }) },
          ),
        ),
      422,
      'invalid_image_file',
      'file_damaged',
    )
  })

  it('a 45.5-megapixel picture (a decompression bomb at 60 kB) is 413, refused from its header', async () => {
    const bomb = await bigFlatPng()
    expect(bomb.length).toBeLessThan(1_000_000)
    const started = Date.now()
    const r = await expectRefusedWithoutTrace(sketchRender(bomb), 413, 'payload_too_large', 'too_many_pixels')
    expect(r.body.error.message).toBe('The image has too many pixels (at most 40 megapixels)')
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('a 64×48 picture is 422: too small on one side, with its size in the details', async () => {
    const r = await expectRefusedWithoutTrace(
      async () =>
        api.postForm(
          '/api/render/start',
          form({ generationType: 'home-staging' }, { image: await solidPng(64, 48) }),
        ),
      422,
      'invalid_image_file',
      'file_too_small',
    )
    expect(r.body.error.details).toMatchObject({ width: 64, height: 48, min: 64 })
  })

  it('a whole picture of the smallest size is accepted and charged', async () => {
    const before = await balance(api)
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a house' }, { sketch: await roomJpeg(64, 64) }),
    )
    expect(r.status).toBe(202)
    expect(await balance(api)).toBeLessThan(before)
  })
})
