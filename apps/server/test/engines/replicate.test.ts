import { createHmac } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createReplicateEngine } from '../../src/engines/replicate/index.ts'
import { REPLICATE_DEFAULT_MODELS } from '../../src/engines/replicate/models.ts'
import { verifyStandardWebhook } from '../../src/engines/replicate/webhook.ts'
import { REFUSED_MESSAGE } from '../../src/engines/shared/errors.ts'
import { noWebhooks } from '../../src/engines/shared/webhooks.ts'
import { EngineError, type EngineTask } from '../../src/engines/types.ts'
import { type FakeReplicate, startFakeReplicate } from '../fakes/replicate.ts'
import { grainyPhoto, rectMask, roomJpeg, sketchPng } from '../fixtures/images.ts'
import { dataUriImage, diffAround, FAST_RETRY, makeCtx, SHORT_TIMEOUTS, silentLog } from './helpers.ts'

let fake: FakeReplicate
let sketch: Buffer
let room: Buffer
const style = {
  id: 's1',
  name: 'Modern',
  prompt: 'modern minimalist architecture',
  negativePrompt: 'cartoon',
  qualityPrompt: 'ultra detailed',
  localParams: null,
}
const palette = { id: 'p1', name: 'Japandi', colors: ['#D9CBB8', '#8C7B6B', '#3F3A36', '#F2EEE9', '#A6A08F'] }

const engine = (overrides: Partial<Parameters<typeof createReplicateEngine>[0]> = {}) =>
  createReplicateEngine({
    token: fake.token,
    baseUrl: fake.url,
    models: REPLICATE_DEFAULT_MODELS,
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
  prompt: 'a house on a hill',
  style,
  palette,
  customColors: null,
  settings: {},
})

beforeAll(async () => {
  fake = await startFakeReplicate()
  ;[sketch, room] = await Promise.all([sketchPng(), roomJpeg()])
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

const creates = () => fake.requests.filter((r) => r.method === 'POST' && /predictions$/.test(r.path))

describe('Replicate adapter against a fake of its HTTP API', () => {
  it('renders a sketch through the canny model: the documented request, the line control image, progress and the copied output', async () => {
    const { ctx, progress } = makeCtx()
    const result = await engine().run(sketchTask(), ctx)

    const [create] = creates()
    expect(create!.path).toBe('/v1/models/black-forest-labs/flux-canny-pro/predictions')
    expect(create!.headers.authorization).toBe('Bearer r8_test')
    const input = (create!.body as any).input
    expect(input.prompt).toContain('a house on a hill')
    expect(input.prompt).toContain('modern minimalist architecture')
    expect(input.prompt).toContain('Japandi palette')
    expect(input.prompt).toContain('ultra detailed')
    expect(input.prompt).toContain('Avoid: cartoon')
    // the control image is the sketch's clean lines, black on white, at a ControlNet size
    const control = await sharp(dataUriImage(input.control_image)).stats()
    const meta = await sharp(dataUriImage(input.control_image)).metadata()
    expect(Math.max(meta.width!, meta.height!)).toBe(1024)
    expect(control.channels[0]!.mean).toBeGreaterThan(200)
    expect((create!.body as any).webhook).toBeUndefined()

    expect(result.facts).toMatchObject({ engine: 'replicate', model: 'black-forest-labs/flux-canny-pro' })
    expect(result.facts.enhancedPrompt).toBe(input.prompt)
    const out = result.outputs[0]!
    expect(out).toMatchObject({ kind: 'image', contentType: 'image/png' })
    expect(progress.length).toBeGreaterThan(1)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
    expect(Math.max(...progress)).toBeLessThan(1)
  })

  it('runs a pinned community model through POST /predictions with its version', async () => {
    const { ctx } = makeCtx()
    const model = REPLICATE_DEFAULT_MODELS['staging-stage']!.default
    const result = await engine().run(
      {
        kind: 'staging-stage',
        input: room,
        original: room,
        prompt: 'scandinavian interior staging, living room, furnished',
        roomType: 'living-room',
        options: ['addFurniture'],
        stagingStyle: 'scandinavian',
        palette: null,
      },
      { ...ctx, model },
    )
    const [create] = creates()
    expect(create!.path).toBe('/v1/predictions')
    expect((create!.body as any).version).toBe(model.split(':')[1])
    expect((create!.body as any).input).toMatchObject({ prompt: expect.stringContaining('scandinavian') })
    expect(result.facts.model).toBe(model)
  })

  it('inpaints with the fill model and returns the provider image as given', async () => {
    const rect = { left: 70, top: 250, width: 200, height: 110 }
    const mask = await rectMask(640, 480, rect)
    const { ctx } = makeCtx()
    const result = await engine().run({ kind: 'inpaint', input: room, mask, prompt: 'remove the sofa' }, ctx)
    const input = (creates()[0]!.body as any).input
    expect(creates()[0]!.path).toBe('/v1/models/black-forest-labs/flux-fill-pro/predictions')
    expect(await sharp(dataUriImage(input.mask)).metadata()).toMatchObject({ width: 640, height: 480 })
    const out = result.outputs[0] as { data: Buffer; width: number }
    expect(out.width).toBe(640)
    // the adapter hands back the provider's picture as it came (tinted everywhere); compositing it onto the
    // source is the runner's, once for every engine (docs/decisions/0060-compositing-once-in-the-runner.md)
    const diff = await diffAround(room, out.data, rect)
    expect(diff.outside).toBeGreaterThan(1000)
    expect(diff.inside).toBeGreaterThan(1000)
  })

  it('a photo past 1 MB goes through the files API: multipart upload, urls.get in the input, deleted after', async () => {
    const photo = await grainyPhoto(1600, 1200, 'jpeg')
    const mask = await rectMask(1600, 1200, { left: 100, top: 600, width: 500, height: 300 })
    const { ctx } = makeCtx()
    const result = await engine().run({ kind: 'inpaint', input: photo, mask, prompt: 'remove the sofa' }, ctx)
    const uploads = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/files')
    expect(uploads).toHaveLength(1)
    expect(uploads[0]!.headers.authorization).toBe('Bearer r8_test')
    expect(String(uploads[0]!.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/)
    const input = (creates()[0]!.body as any).input
    // the big photo by its URL, the small mask still inline
    expect(input.image).toMatch(new RegExp(`^${fake.origin}/v1/files/[0-9a-f]{24}$`))
    expect(input.mask).toMatch(/^data:image\/png;base64,/)
    expect(result.outputs[0]).toMatchObject({ kind: 'image', width: 1600, height: 1200 })
    // the fake read the upload as the model's image, and it is removed once the prediction is over
    expect(fake.deletedUploads).toEqual([input.image.split('/').pop()])
    expect(fake.uploads.size).toBe(0)
  })

  it('edits through the instruction model, naming the lasso area in words', async () => {
    const mask = await rectMask(640, 480, { left: 380, top: 90, width: 170, height: 190 })
    const { ctx } = makeCtx()
    const result = await engine().run(
      { kind: 'magic-edit', input: room, mask, prompt: 'make the window arched', palette: null, history: [] },
      ctx,
    )
    const input = (creates()[0]!.body as any).input
    expect(creates()[0]!.path).toBe('/v1/models/black-forest-labs/flux-kontext-pro/predictions')
    expect(input.prompt).toMatch(
      /^In the area in the middle right of the image \(about 1\d% of it\): make the window arched/,
    )
    expect(input.aspect_ratio).toBe('match_input_image')
    expect(result.facts.enhancedPrompt).toBe(input.prompt)
  })

  it('animates with the camera move in words and retimes the 5 s clip to the 6 s asked for', async () => {
    const { ctx } = makeCtx()
    const result = await engine().run(
      { kind: 'animate', input: room, prompt: 'a calm living room', duration: 6, cameraMovement: 'dolly_in' },
      ctx,
    )
    const input = (creates()[0]!.body as any).input
    expect(creates()[0]!.path).toBe('/v1/models/kwaivgi/kling-v2.1/predictions')
    expect(input).toMatchObject({ duration: 5, prompt: expect.stringContaining('camera dollies forward') })
    const video = result.outputs[0]!
    expect(video.kind).toBe('video')
    if (video.kind !== 'video') return
    expect(video.contentType).toBe('video/mp4')
    expect(video.durationSeconds).toBeCloseTo(6, 0)
    expect(video.frames).toBeGreaterThan(100)
    expect((await sharp(video.poster).metadata()).format).toBe('jpeg')
  })

  it('the premium model chosen by the plan rules runs and is the model recorded', async () => {
    const { ctx } = makeCtx({ model: 'kwaivgi/kling-v2.1-master' })
    const result = await engine().run(
      { kind: 'animate', input: room, prompt: 'dusk', duration: 10, cameraMovement: 'orbit' },
      ctx,
    )
    expect(creates()[0]!.path).toBe('/v1/models/kwaivgi/kling-v2.1-master/predictions')
    expect((creates()[0]!.body as any).input.duration).toBe(10)
    expect(result.facts.model).toBe('kwaivgi/kling-v2.1-master')
  })

  it('an unreadable mask fails with the kind’s failure message', async () => {
    const { ctx } = makeCtx()
    const err = await engine()
      .run({ kind: 'inpaint', input: room, mask: Buffer.from('not a png'), prompt: 'x' }, ctx)
      .catch((e) => e)
    expect(err).toBeInstanceOf(EngineError)
    expect(err.code).toBe('provider_failed')
    expect(err.userMessage).toBe('Inpainting failed')
  })

  it('a 422 on create: no retry, provider_failed', async () => {
    fake.behaviour.create = [422]
    const err = await engine()
      .run(sketchTask(), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed', userMessage: 'Failed to render sketch' })
    expect(err.message).toContain('HTTP 422')
    expect(creates()).toHaveLength(1)
  })

  it('429 then success: retried after Retry-After and completed', async () => {
    fake.behaviour.create = [429, 429]
    const result = await engine().run(sketchTask(), makeCtx().ctx)
    expect(result.outputs).toHaveLength(1)
    expect(creates()).toHaveLength(3)
  })

  it('500 for good: retried with backoff, then provider_failed so the worker refunds', async () => {
    fake.behaviour.create = [500, 500, 500, 500, 500]
    const err = await engine()
      .run(sketchTask(), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed', userMessage: 'Failed to render sketch' })
    expect(creates()).toHaveLength(FAST_RETRY.retries + 1)
  })

  it('an API outage while polling, longer than the retries, does not end a running prediction', async () => {
    fake.behaviour.get = [503, 503, 503, 503, 503, 502, 'ok', 502]
    const result = await engine().run(sketchTask(), makeCtx().ctx)
    expect(result.outputs).toHaveLength(1)
    expect(fake.cancels).toHaveLength(0)
  })

  it('a job that fails on our side while the prediction runs cancels it, so nothing is billed for nothing', async () => {
    fake.behaviour.runMs = 2000
    fake.behaviour.get = [404]
    const err = await engine()
      .run(sketchTask(), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed' })
    expect(fake.cancels).toHaveLength(1)
  })

  it('a failed prediction fails the job; its error text (with the token redacted) stays in the detail', async () => {
    fake.behaviour.outcome = 'fail'
    const err = await engine()
      .run(sketchTask(), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed', userMessage: 'Failed to render sketch' })
    expect(err.message).toContain('CUDA out of memory')
    expect(err.message).not.toContain('r8_test')
    expect(err.message).toContain('[redacted]')
  })

  it('a safety refusal (E005, flagged as sensitive) gets the refusal message, in Ask Parti and elsewhere', async () => {
    fake.behaviour.outcome = 'nsfw'
    const err = await engine()
      .run(
        { kind: 'magic-edit', input: room, mask: null, prompt: 'x', palette: null, history: [] },
        makeCtx().ctx,
      )
      .catch((e) => e)
    expect(err.userMessage).toBe(REFUSED_MESSAGE)
    const sketchErr = await engine()
      .run(sketchTask(), makeCtx().ctx)
      .catch((e) => e)
    expect(sketchErr).toMatchObject({ code: 'provider_failed', userMessage: REFUSED_MESSAGE })
  })

  it('a prediction that hangs times out, and the adapter cancels it at the provider', async () => {
    fake.behaviour.outcome = 'hang'
    const err = await engine({ timeouts: { imageMs: 400, videoMs: 400 } })
      .run(sketchTask(), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'timeout', userMessage: 'Failed to render sketch' })
    expect(fake.cancels).toHaveLength(1)
  })

  it('cancellation through ctx.signal stops waiting and cancels the prediction', async () => {
    fake.behaviour.outcome = 'hang'
    const abort = new AbortController()
    const running = engine().run(sketchTask(), makeCtx({ signal: abort.signal }).ctx)
    const before = fake.predictions.size
    while (fake.predictions.size === before) await new Promise((r) => setTimeout(r, 10))
    abort.abort(new EngineError('cancelled', 'The job was cancelled.'))
    const err = await running.catch((e) => e)
    expect(err).toMatchObject({ code: 'cancelled' })
    expect(fake.cancels).toHaveLength(1)
    expect([...fake.predictions.values()].at(-1)!.canceled).toBe(true)
  })

  it('an output URL that has expired fails the job for good', async () => {
    fake.behaviour.expireOutputs = true
    const err = await engine()
      .run(sketchTask(), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed', userMessage: 'Failed to render sketch' })
    expect(err.message).toContain('no longer available')
  })

  it('a wrong token is a permanent failure that names the key to check, never the key', async () => {
    const err = await engine({ token: 'r8_wrong_token' })
      .run(sketchTask(), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed' })
    expect(err.message).toContain('HTTP 401')
    expect(err.message).not.toContain('r8_wrong_token')
  })
})

describe('Replicate webhook signatures (Standard Webhooks)', () => {
  const secret = `whsec_${Buffer.from('a-very-secret-key-of-24b').toString('base64')}`
  const body = Buffer.from(JSON.stringify({ id: 'pred123', status: 'succeeded' }))
  const sign = (id: string, ts: number, key = Buffer.from(secret.slice(6), 'base64')) =>
    `v1,${createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest('base64')}`
  const now = Math.floor(Date.now() / 1000)

  it('accepts a real signature (also among several) and names the prediction', () => {
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(now),
      'webhook-signature': sign('msg_1', now),
    }
    expect(verifyStandardWebhook(secret, body, headers)).toEqual({
      ok: true,
      deliveryId: 'replicate:msg_1',
      subjectId: 'pred123',
    })
    const several = { ...headers, 'webhook-signature': `v1,Zm9yZ2Vk ${headers['webhook-signature']}` }
    expect(verifyStandardWebhook(secret, body, several).ok).toBe(true)
  })

  it('refuses a forged signature, a tampered body, a stale timestamp and missing headers', () => {
    const forged = sign('msg_1', now, Buffer.from('another key entirely!!'))
    expect(
      verifyStandardWebhook(secret, body, {
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(now),
        'webhook-signature': forged,
      }),
    ).toEqual({ ok: false, reason: 'bad_signature' })
    const good = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(now),
      'webhook-signature': sign('msg_1', now),
    }
    expect(verifyStandardWebhook(secret, Buffer.from(`${body} `), good)).toEqual({
      ok: false,
      reason: 'bad_signature',
    })
    const old = now - 600
    expect(
      verifyStandardWebhook(secret, body, {
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(old),
        'webhook-signature': sign('msg_1', old),
      }),
    ).toEqual({ ok: false, reason: 'stale' })
    expect(verifyStandardWebhook(secret, body, {})).toEqual({ ok: false, reason: 'missing_headers' })
  })
})
