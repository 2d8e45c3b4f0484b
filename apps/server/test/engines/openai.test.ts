import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createOpenAiEngine } from '../../src/engines/openai/index.ts'
import { OPENAI_DEFAULT_MODELS } from '../../src/engines/openai/models.ts'
import { bandFor } from '../../src/engines/shared/blend.ts'
import { placeOnSource } from '../../src/engines/shared/composite.ts'
import { REFUSED_MESSAGE } from '../../src/engines/shared/errors.ts'
import { EngineError, type EngineTask } from '../../src/engines/types.ts'
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai.ts'
import { rectMask, roomJpeg } from '../fixtures/images.ts'
import {
  diffAround,
  diskAtCentre,
  FAST_RETRY,
  greenBox,
  makeCtx,
  SHORT_TIMEOUTS,
  silentLog,
} from './helpers.ts'

let fake: FakeOpenAi
let room: Buffer
let mask: Buffer
const rect = { left: 380, top: 90, width: 170, height: 190 }

const engine = (overrides: Partial<Parameters<typeof createOpenAiEngine>[0]> = {}) =>
  createOpenAiEngine({
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    models: OPENAI_DEFAULT_MODELS,
    timeouts: SHORT_TIMEOUTS,
    retry: FAST_RETRY,
    log: silentLog,
    ...overrides,
  })

const edit = (prompt: string, withMask = false): EngineTask => ({
  kind: 'magic-edit',
  input: room,
  mask: withMask ? mask : null,
  prompt,
  palette: null,
  history: [
    { role: 'user', text: 'add a wool rug' },
    { role: 'assistant', text: 'Here is your edited image.' },
    { role: 'user', text: prompt },
  ],
})

beforeAll(async () => {
  fake = await startFakeOpenAi()
  ;[room, mask] = await Promise.all([roomJpeg(), rectMask(640, 480, rect)])
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

describe('OpenAI image edits for Ask Parti, against a fake of /v1/images/edits', () => {
  it('sends the pinned model, the request with the conversation so far, a landscape size; answers with a reply', async () => {
    const result = await engine().run(edit('make it warmer'), makeCtx().ctx)
    const [call] = fake.calls
    expect(call).toMatchObject({ model: 'gpt-image-1', size: '1536x1024', quality: 'high' })
    // multipart text travels with CRLF line ends
    call!.prompt = call!.prompt.replace(/\r\n/g, '\n')
    expect(call!.prompt).toContain('Earlier in this conversation:\nUser: add a wool rug')
    expect(call!.prompt.match(/make it warmer/g)).toHaveLength(1)
    expect(call!.prompt.endsWith('Now: make it warmer')).toBe(true)
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${fake.apiKey}`)
    expect(result.facts).toMatchObject({
      engine: 'openai',
      model: 'gpt-image-1',
      reply: 'Here is your edited image.',
    })
    expect(result.facts.enhancedPrompt).toBe(call!.prompt)
    // asked at 1536×1024, the 4:3 picture letterboxed onto it and cropped back out: 1365×1024
    expect(result.outputs[0]).toMatchObject({
      kind: 'image',
      contentType: 'image/png',
      width: 1365,
      height: 1024,
    })
  })

  it('turns the lasso into a transparent-where-edited PNG mask, and returns the provider image as given', async () => {
    const result = await engine().run(
      { kind: 'inpaint', input: room, mask, prompt: 'an arched window' },
      makeCtx().ctx,
    )
    const sent = fake.calls[0]!.mask!
    // the mask is placed like the picture: 640×480 scaled by 1024/480 onto 1536×1024, 85 px bands left and
    // right, which are kept (opaque)
    const meta = await sharp(sent).metadata()
    expect([meta.width, meta.height]).toEqual([1536, 1024])
    const alpha = await sharp(sent).extractChannel(3).raw().toBuffer()
    const k = 1024 / 480
    const at = (x: number, y: number) => alpha[Math.round(y * k) * 1536 + 85 + Math.round(x * k)]
    expect(at(rect.left + 10, rect.top + 10)).toBe(0)
    expect(at(10, 10)).toBe(255)
    expect(alpha[512 * 1536 + 20]).toBe(255)
    const out = result.outputs[0] as { data: Buffer; width: number; height: number }
    // OpenAI answers at its own size; the picture is cropped back out of it, in its own proportions
    expect([out.width, out.height]).toEqual([1365, 1024])
    // the adapter hands back the provider's picture as it came (tinted everywhere); compositing it onto the
    // source is the runner's, once for every engine (docs/decisions/0060-compositing-once-in-the-runner.md)
    const diff = await diffAround(room, await sharp(out.data).resize(640, 480).toBuffer(), rect)
    expect(diff.outside).toBeGreaterThan(1000)
    expect(diff.inside).toBeGreaterThan(1000)
  })

  it('a non-square edit keeps its proportions (letterboxed to the model shape, cropped back, never stretched) and no pixel outside the mask changes', async () => {
    const W = 1000
    const H = 500
    const lasso = { left: 380, top: 130, width: 240, height: 240 }
    const source = await roomJpeg(W, H)
    const task: EngineTask = {
      kind: 'inpaint',
      input: source,
      mask: await rectMask(W, H, lasso),
      prompt: 'a round window',
    }
    fake.behaviour.render = diskAtCentre
    const result = await engine().run(task, makeCtx().ctx)
    const out = result.outputs[0] as { width: number; height: number }
    expect(out.width / out.height).toBeCloseTo(W / H, 1)
    const placed = await placeOnSource(task, result)
    const final = placed.result.outputs[0] as { data: Buffer }
    const disk = await greenBox(final.data)
    // round where the model drew it, round in the result (a stretched answer makes it 12-25% oval here)
    expect(disk.width / disk.height).toBeGreaterThan(0.96)
    expect(disk.width / disk.height).toBeLessThan(1.04)
    expect(Math.abs(disk.cx - W / 2)).toBeLessThan(4)
    expect(Math.abs(disk.cy - H / 2)).toBeLessThan(4)
    const band = bandFor(W, H) + 1
    const grown = {
      left: lasso.left - band,
      top: lasso.top - band,
      width: lasso.width + 2 * band,
      height: lasso.height + 2 * band,
    }
    expect((await diffAround(source, final.data, grown)).outside).toBe(0)
  })

  it("the safety system's refusal reaches the user as the refusal message", async () => {
    const err = await engine()
      .run(edit('something forbidden'), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed', userMessage: REFUSED_MESSAGE })
  })

  it('429 then success is retried; 500 for good fails with the chat failure message', async () => {
    fake.behaviour.status = [429, 'ok']
    expect((await engine().run(edit('brighter'), makeCtx().ctx)).outputs).toHaveLength(1)
    fake.behaviour.status = [500, 500, 500, 500, 500]
    const err = await engine()
      .run(edit('brighter'), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({
      code: 'provider_failed',
      userMessage: "Sorry, I couldn't edit your image. Please try again",
    })
  })

  it('a wrong key fails for good without the key in any message', async () => {
    const err = await engine({ apiKey: 'sk-wrong-key-123' })
      .run(edit('brighter'), makeCtx().ctx)
      .catch((e) => e)
    expect(err.code).toBe('provider_failed')
    expect(`${err.message} ${err.userMessage}`).not.toContain('sk-wrong-key-123')
  })

  it('a request that never answers times out; cancelling aborts it', async () => {
    fake.behaviour.hang = true
    const timedOut = await engine({ timeouts: { imageMs: 400, videoMs: 400 } })
      .run(edit('brighter'), makeCtx().ctx)
      .catch((e) => e)
    expect(timedOut).toMatchObject({ code: 'timeout' })
    const abort = new AbortController()
    const running = engine().run(edit('brighter'), makeCtx({ signal: abort.signal }).ctx)
    setTimeout(() => abort.abort(new EngineError('cancelled', 'The job was cancelled.')), 100)
    expect(await running.catch((e) => e)).toMatchObject({ code: 'cancelled' })
  })

  it('serves chat edit and inpaint only', () => {
    const e = engine()
    expect(['magic-edit', 'inpaint'].every((k) => e.supports(k as never))).toBe(true)
    expect(e.supports('animate')).toBe(false)
  })
})

describe('a photoreal dusk and sky on gpt-image-1 (docs/decisions/0125-hosted-sky-and-dusk.md)', () => {
  const mean = async (image: Buffer) =>
    (await sharp(image).removeAlpha().stats()).channels.reduce((s, c) => s + c.mean, 0) / 3

  it('sends the photo and the fixed dusk sentence through images.edit, no mask, and returns the model picture at the photo shape', async () => {
    // the model's dusk: the picture much darker, as a twilight photo is
    fake.behaviour.render = (png) => sharp(png).linear(0.35, 0).png().toBuffer()
    const result = await engine().run({ kind: 'dusk', input: room }, makeCtx().ctx)
    // the last call: an earlier test's cancelled request may still be recorded after the reset
    const call = fake.calls.at(-1)
    expect(call).toMatchObject({ model: 'gpt-image-1', size: '1536x1024', quality: 'high', mask: null })
    const prompt = call!.prompt.replace(/\r\n/g, '\n')
    expect(prompt).toMatch(/^The same photo at dusk: deep blue twilight sky/)
    expect(prompt).toContain('warm light glowing from every window and exterior light fixture')
    expect(prompt).toContain('Nothing else changed: same building, same framing, same materials')
    expect(prompt).not.toContain('Earlier in this conversation')
    expect(result.facts).toMatchObject({ engine: 'openai', model: 'gpt-image-1' })
    expect(result.facts.reply).toBeUndefined()
    expect(result.facts.notes).toEqual([{ id: 'hosted_sky_edit' }])
    // letterboxed onto 1536×1024 and cropped back to the 4:3 photo
    expect(result.outputs[0]).toMatchObject({ width: 1365, height: 1024 })
    const out = result.outputs[0] as { data: Buffer }
    expect(await mean(out.data)).toBeLessThan((await mean(room)) * 0.5)
  })

  it('a golden-hour sky says its mood', async () => {
    await engine().run({ kind: 'sky', input: room, mood: 'golden' }, makeCtx().ctx)
    expect(fake.calls.at(-1)!.prompt).toContain('a warm golden-hour sky')
    expect(fake.calls.at(-1)!.prompt).toContain('same roofline')
  })
})
