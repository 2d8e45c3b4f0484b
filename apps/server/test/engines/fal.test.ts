import { createHash, generateKeyPairSync, sign } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createFalEngine } from '../../src/engines/fal/index.ts'
import { FAL_DEFAULT_MODELS } from '../../src/engines/fal/models.ts'
import { falWebhookReceiver, keysFromJwks, verifyFalSignature } from '../../src/engines/fal/webhook.ts'
import { REFUSED_MESSAGE } from '../../src/engines/shared/errors.ts'
import { noWebhooks } from '../../src/engines/shared/webhooks.ts'
import { EngineError, type EngineTask } from '../../src/engines/types.ts'
import { type FakeFal, startFakeFal } from '../fakes/fal.ts'
import { grainyPhoto, rectMask, roomJpeg, sketchPng } from '../fixtures/images.ts'
import { dataUriImage, diffAround, FAST_RETRY, makeCtx, SHORT_TIMEOUTS, silentLog } from './helpers.ts'

let fake: FakeFal
let sketch: Buffer
let room: Buffer

const engine = (overrides: Partial<Parameters<typeof createFalEngine>[0]> = {}) =>
  createFalEngine({
    key: fake.key,
    baseUrl: fake.url,
    restUrl: fake.url,
    models: FAL_DEFAULT_MODELS,
    webhookUrl: null,
    signals: noWebhooks,
    pollIntervalMs: 20,
    timeouts: SHORT_TIMEOUTS,
    retry: FAST_RETRY,
    log: silentLog,
    ...overrides,
  })

const sketchTask = (): EngineTask => ({
  kind: 'sketch',
  input: sketch,
  prompt: 'a timber pavilion',
  style: null,
  palette: null,
  customColors: ['#D98F6C', '#2F4F4F'],
  settings: {},
})

beforeAll(async () => {
  fake = await startFakeFal()
  ;[sketch, room] = await Promise.all([sketchPng(), roomJpeg()])
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

const submits = () => fake.requests.filter((r) => r.method === 'POST')
const statuses = () => fake.requests.filter((r) => r.method === 'GET' && r.path.includes('/status'))

describe('fal adapter against a fake of its queue API', () => {
  it('renders a sketch: submit with Key auth, status until COMPLETED, result, file copied', async () => {
    const { ctx, progress } = makeCtx()
    const result = await engine().run(sketchTask(), ctx)
    const [submit] = submits()
    expect(submit!.path).toBe('/fal-ai/flux-lora-canny')
    expect(submit!.headers.authorization).toBe(`Key ${fake.key}`)
    const body = submit!.body as any
    expect(body.prompt).toContain('a timber pavilion')
    expect(body.prompt).toMatch(/colour scheme [a-z ]*orange, /)
    expect((await sharp(dataUriImage(body.image_url)).metadata()).width).toBe(1024)
    expect(body.image_size).toEqual({ width: 1024, height: 768 })
    // status and result come from the URLs the submit answered with (the app id, without the subpath)
    expect(statuses()[0]!.path).toMatch(/^\/fal-ai\/flux-lora-canny\/requests\/[\w-]+\/status\?logs=1$/)
    expect(
      fake.requests.some(
        (r) => r.method === 'GET' && /^\/fal-ai\/flux-lora-canny\/requests\/[\w-]+$/.test(r.path),
      ),
    ).toBe(true)
    expect(result.facts).toMatchObject({ engine: 'fal', model: 'fal-ai/flux-lora-canny' })
    expect(result.outputs[0]).toMatchObject({ kind: 'image', contentType: 'image/png' })
    expect(progress.at(-1)).toBeLessThan(1)
  })

  it('a portrait sketch comes back portrait: image_size is the sketch shape, not the 4:3 default', async () => {
    const portrait = await sketchPng(600, 900)
    const result = await engine().run({ ...sketchTask(), input: portrait }, makeCtx().ctx)
    const body = submits()[0]!.body as any
    expect(body.image_size).toEqual({ width: 688, height: 1024 })
    const out = result.outputs[0]!
    expect(out.kind === 'image' && [out.width, out.height]).toEqual([688, 1024])
  })

  it("the fake refuses a field its endpoint's published input type does not have (the retired control_image_url)", async () => {
    const res = await fetch(`${fake.url}/fal-ai/flux-lora-canny`, {
      method: 'POST',
      headers: { authorization: `Key ${fake.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        prompt: 'x',
        image_url: 'https://example.invalid/a.png',
        control_image_url: 'y',
      }),
    })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      detail: [
        {
          loc: ['body', 'control_image_url'],
          msg: 'Extra inputs are not permitted',
          type: 'extra_forbidden',
        },
      ],
    })
  })

  it('inpaints through the fill endpoint with the mask and returns the provider image as given', async () => {
    const rect = { left: 380, top: 90, width: 170, height: 190 }
    const mask = await rectMask(640, 480, rect)
    const result = await engine().run(
      { kind: 'inpaint', input: room, mask, prompt: 'a round window' },
      makeCtx().ctx,
    )
    expect(submits()[0]!.path).toBe('/fal-ai/flux-pro/v1/fill')
    const out = result.outputs[0] as { data: Buffer }
    // the adapter hands back the provider's picture as it came (tinted everywhere); compositing it onto the
    // source is the runner's, once for every engine (docs/decisions/0060-compositing-once-in-the-runner.md)
    expect((await diffAround(room, out.data, rect)).outside).toBeGreaterThan(1000)
  })

  it('stages through the instruction endpoint and animates through Kling with its string duration', async () => {
    const staged = await engine().run(
      {
        kind: 'staging-stage',
        input: room,
        original: room,
        prompt: 'luxury interior staging, bedroom, furnished',
        roomType: 'bedroom',
        options: ['addFurniture'],
        stagingStyle: 'luxury',
        palette: null,
      },
      makeCtx().ctx,
    )
    expect(submits()[0]!.path).toBe('/fal-ai/flux-pro/kontext')
    expect(staged.facts.enhancedPrompt).toMatch(/^Stage this room photo/)
    const video = await engine().run(
      { kind: 'animate', input: room, prompt: 'evening light', duration: 10, cameraMovement: 'pan_left' },
      makeCtx().ctx,
    )
    expect(submits()[1]!.path).toBe('/fal-ai/kling-video/v2.1/standard/image-to-video')
    expect((submits()[1]!.body as any).duration).toBe('10')
    expect(video.outputs[0]).toMatchObject({ kind: 'video', contentType: 'video/mp4' })
  })

  it('a photo past 1 MB goes to fal storage (initiate, PUT to the signed URL) and is sent as its file_url', async () => {
    const photo = await grainyPhoto(1600, 1200, 'jpeg')
    const { ctx } = makeCtx()
    const task: EngineTask = {
      kind: 'magic-edit',
      input: photo,
      mask: null,
      prompt: 'warmer light',
      palette: null,
      history: [],
    }
    const result = await engine().run(task, ctx)
    const initiate = fake.requests.find((r) => r.path.startsWith('/storage/upload/initiate'))!
    expect(initiate.path).toBe('/storage/upload/initiate?storage_type=fal-cdn-v3')
    expect(initiate.headers.authorization).toBe(`Key ${fake.key}`)
    expect(initiate.body).toEqual({ content_type: 'image/jpeg', file_name: 'input.jpg' })
    expect(JSON.parse(String(initiate.headers['x-fal-object-lifecycle']))).toEqual({
      expiration_duration_seconds: 3600,
    })
    const put = fake.requests.find((r) => r.method === 'PUT' && r.path.startsWith('/storage/upload/put/'))!
    expect(put.headers.authorization).toBeUndefined()
    const submit = fake.requests.find((r) => r.path === '/fal-ai/flux-pro/kontext')!
    const imageUrl = (submit.body as any).image_url as string
    expect(imageUrl).toMatch(new RegExp(`^${fake.url}/cdn/`))
    // what the endpoint read is the photo as prepared (a JPEG past 1 MB), and the edit is of its shape
    const stored = fake.stored.get(imageUrl.split('/').pop()!)!
    expect(stored.data.length).toBeGreaterThan(750_000)
    expect(await sharp(stored.data).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 })
    expect(result.outputs[0]).toMatchObject({ kind: 'image', width: 1600, height: 1200 })
  })

  it('a small photo stays inline: no upload', async () => {
    const { ctx } = makeCtx()
    const task: EngineTask = {
      kind: 'magic-edit',
      input: room,
      mask: null,
      prompt: 'warmer light',
      palette: null,
      history: [],
    }
    await engine().run(task, ctx)
    expect(fake.requests.some((r) => r.path.startsWith('/storage/'))).toBe(false)
    const submit = fake.requests.find((r) => r.path === '/fal-ai/flux-pro/kontext')!
    expect((submit.body as any).image_url).toMatch(/^data:image\/jpeg;base64,/)
  })

  it('422 validation error: provider_failed at once, with its failure message', async () => {
    fake.behaviour.submit = [422]
    const err = await engine()
      .run(sketchTask(), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed', userMessage: 'Failed to render sketch' })
    expect(submits()).toHaveLength(1)
  })

  it('429 then success, and a 500 on status, are retried', async () => {
    fake.behaviour.submit = [429]
    fake.behaviour.status = [500]
    const result = await engine().run(sketchTask(), makeCtx().ctx)
    expect(result.outputs).toHaveLength(1)
    expect(submits()).toHaveLength(2)
  })

  it('500 for good: provider_failed after the retries', async () => {
    fake.behaviour.submit = [500, 500, 500, 500, 500]
    const err = await engine()
      .run(sketchTask(), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed' })
    expect(submits()).toHaveLength(FAST_RETRY.retries + 1)
  })

  it('a request that failed at fal fails the job; the key in its text is redacted', async () => {
    fake.behaviour.outcome = 'fail'
    const err = await engine()
      .run(sketchTask(), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed', userMessage: 'Failed to render sketch' })
    expect(err.message).toContain('Runner crashed')
    expect(err.message).not.toContain(fake.key)
  })

  it('a safety refusal of a chat edit gets the refusal text', async () => {
    fake.behaviour.outcome = 'nsfw'
    const err = await engine()
      .run(
        { kind: 'magic-edit', input: room, mask: null, prompt: 'x', palette: null, history: [] },
        makeCtx().ctx,
      )
      .catch((e) => e)
    expect(err.userMessage).toBe(REFUSED_MESSAGE)
  })

  it('an output flagged by has_nsfw_concepts is a refusal, never returned as a result (any kind)', async () => {
    fake.behaviour.outcome = 'flagged'
    const err = await engine()
      .run(sketchTask(), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toBeInstanceOf(EngineError)
    expect(err).toMatchObject({ code: 'provider_failed', userMessage: REFUSED_MESSAGE })
    expect(err.message).toContain('has_nsfw_concepts')
  })

  it('a hang ends at the time limit and the request is cancelled at fal', async () => {
    fake.behaviour.outcome = 'hang'
    const err = await engine({ timeouts: { imageMs: 400, videoMs: 400 } })
      .run(sketchTask(), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'timeout' })
    expect(fake.cancels).toHaveLength(1)
  })

  it('cancellation through ctx.signal cancels the request (PUT cancel_url)', async () => {
    fake.behaviour.outcome = 'hang'
    const abort = new AbortController()
    const running = engine().run(sketchTask(), makeCtx({ signal: abort.signal }).ctx)
    const before = fake.jobs.size
    while (fake.jobs.size === before) await new Promise((r) => setTimeout(r, 10))
    abort.abort(new EngineError('cancelled', 'The job was cancelled.'))
    expect(await running.catch((e) => e)).toMatchObject({ code: 'cancelled' })
    expect(fake.requests.some((r) => r.method === 'PUT' && r.path.endsWith('/cancel'))).toBe(true)
    expect([...fake.jobs.values()].at(-1)!.canceled).toBe(true)
  })

  it('an expired output URL fails the job for good', async () => {
    fake.behaviour.expireOutputs = true
    const err = await engine()
      .run(sketchTask(), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed' })
    expect(err.message).toContain('no longer available')
  })
})

describe('fal webhook signatures (ED25519, JWKS)', () => {
  const body = Buffer.from(JSON.stringify({ request_id: 'req-1', status: 'OK', payload: {} }))
  const now = String(Math.floor(Date.now() / 1000))
  const headersFor = (key: Parameters<typeof sign>[2], ts = now, id = 'req-1') => ({
    'x-fal-webhook-request-id': id,
    'x-fal-webhook-user-id': 'user-1',
    'x-fal-webhook-timestamp': ts,
    'x-fal-webhook-signature': sign(
      null,
      Buffer.from([id, 'user-1', ts, createHash('sha256').update(body).digest('hex')].join('\n')),
      key,
    ).toString('hex'),
  })

  it('verifies a real signature against the JWKS the fake serves', async () => {
    const receiver = falWebhookReceiver(fake.jwksUrl)
    expect(await receiver.verify(body, headersFor(fake.privateKey))).toEqual({
      ok: true,
      deliveryId: 'fal:req-1',
      subjectId: 'req-1',
    })
  })

  it('refuses a forged signature, a stale timestamp, a body for another request and missing headers', async () => {
    const keys = keysFromJwks(await (await fetch(fake.jwksUrl)).json())
    const other = generateKeyPairSync('ed25519').privateKey
    expect(verifyFalSignature(keys, body, headersFor(other))).toEqual({ ok: false, reason: 'bad_signature' })
    const old = String(Number(now) - 900)
    expect(verifyFalSignature(keys, body, headersFor(fake.privateKey, old))).toEqual({
      ok: false,
      reason: 'stale',
    })
    expect(verifyFalSignature(keys, body, headersFor(fake.privateKey, now, 'req-2'))).toEqual({
      ok: false,
      reason: 'bad_body',
    })
    expect(verifyFalSignature(keys, body, {})).toEqual({ ok: false, reason: 'missing_headers' })
  })
})
