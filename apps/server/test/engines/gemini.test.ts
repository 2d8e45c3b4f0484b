import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createGeminiEngine, historyContents } from '../../src/engines/gemini/index.ts'
import { GEMINI_DEFAULT_MODELS } from '../../src/engines/gemini/models.ts'
import { bandFor } from '../../src/engines/shared/blend.ts'
import { placeOnSource } from '../../src/engines/shared/composite.ts'
import { REFUSED_MESSAGE } from '../../src/engines/shared/errors.ts'
import { type ConversationTurn, EngineError, type EngineTask } from '../../src/engines/types.ts'
import { type FakeGemini, startFakeGemini } from '../fakes/gemini.ts'
import { grainyPhoto, rectMask, roomJpeg } from '../fixtures/images.ts'
import {
  diffAround,
  diskAtCentre,
  FAST_RETRY,
  greenBox,
  makeCtx,
  SHORT_TIMEOUTS,
  silentLog,
} from './helpers.ts'

let fake: FakeGemini
let room: Buffer
let mask: Buffer
const rect = { left: 70, top: 250, width: 200, height: 110 }
const CHAT_FAILED = "Sorry, I couldn't edit your image. Please try again"

const engine = (overrides: Partial<Parameters<typeof createGeminiEngine>[0]> = {}) =>
  createGeminiEngine({
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    models: GEMINI_DEFAULT_MODELS,
    timeouts: SHORT_TIMEOUTS,
    retry: FAST_RETRY,
    log: silentLog,
    ...overrides,
  })

const edit = (prompt: string, history: ConversationTurn[] = []): EngineTask => ({
  kind: 'magic-edit',
  input: room,
  mask: null,
  prompt,
  palette: null,
  history,
})

beforeAll(async () => {
  fake = await startFakeGemini()
  ;[room, mask] = await Promise.all([roomJpeg(), rectMask(640, 480, rect)])
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

describe('Gemini image editing for Ask Parti, against a fake of generateContent', () => {
  it('keeps the conversation as real turns (user, model, user with the image) and passes on its reply', async () => {
    const result = await engine().run(
      edit('make it warmer', [
        { role: 'user', text: 'add a wool rug' },
        { role: 'assistant', text: 'Here is the room with a rug.' },
        { role: 'user', text: 'make it warmer' },
      ]),
      makeCtx().ctx,
    )
    const [call] = fake.calls
    expect(fake.requests[0]!.path).toBe('/v1beta/models/gemini-2.5-flash-image:generateContent')
    expect(fake.requests[0]!.headers['x-goog-api-key']).toBe(fake.apiKey)
    expect(call!.contents.map((c) => c.role)).toEqual(['user', 'model', 'user'])
    expect(call!.contents[0]!.parts![0]!.text).toBe('add a wool rug')
    const last = call!.contents[2]!.parts!
    expect(last.map((p) => p.text).filter(Boolean)).toEqual([
      'make it warmer. Keep everything else unchanged.',
    ])
    expect(last.some((p) => p.inlineData?.mimeType === 'image/png')).toBe(true)
    expect(result.facts).toMatchObject({
      engine: 'gemini',
      model: 'gemini-2.5-flash-image',
      reply: 'Here is the room with the change you asked for.',
    })
  })

  it('a history that starts with the assistant or repeats a role still alternates', () => {
    const contents = historyContents([
      { role: 'assistant', text: 'Hello! Attach an image to start.' },
      { role: 'user', text: 'add plants' },
      { role: 'user', text: 'and a lamp' },
      { role: 'assistant', text: 'Done.' },
    ])
    expect(contents.map((c) => c.role)).toEqual(['user', 'model'])
    expect(contents[0]!.parts).toHaveLength(2)
  })

  it('inpaints by naming the lasso area in words, and returns the provider image as given', async () => {
    const result = await engine().run(
      { kind: 'inpaint', input: room, mask, prompt: 'remove the sofa' },
      makeCtx().ctx,
    )
    const text = fake.calls[0]!.contents.at(-1)!.parts!.find((p) => p.text)!.text!
    expect(text).toMatch(/^In the area in the middle left of the image \(about \d+% of it\): remove the sofa/)
    const out = result.outputs[0] as { data: Buffer }
    // the adapter hands back the provider's picture as it came (tinted everywhere); compositing it onto the
    // source is the runner's, once for every engine (docs/decisions/0060-compositing-once-in-the-runner.md)
    const diff = await diffAround(room, out.data, rect)
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

  it('refusals (IMAGE_SAFETY, IMAGE_PROHIBITED_CONTENT, IMAGE_RECITATION, a blocked prompt) get the refusal text; an answer without an image the chat failure', async () => {
    for (const prompt of [
      'something forbidden',
      'a trademarked logo',
      'a copied painting',
      'something prohibited',
    ]) {
      const err = await engine()
        .run(edit(prompt), makeCtx().ctx)
        .catch((e) => e)
      expect(err).toMatchObject({ code: 'provider_failed', userMessage: REFUSED_MESSAGE })
    }
    fake.behaviour.textOnly = true
    const err = await engine()
      .run(edit('brighter'), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed', userMessage: CHAT_FAILED })
  })

  it('a picture past 10 MB of base64 goes through the Files API, is cited as fileData and deleted after', async () => {
    const photo = await grainyPhoto(2048, 1536, 'png')
    const { ctx } = makeCtx()
    const result = await engine().run({ ...edit('warmer light'), input: photo }, ctx)
    const start = fake.requests.find((r) => r.path === '/upload/v1beta/files')!
    expect(start.headers['x-goog-upload-protocol']).toBe('resumable')
    expect(start.headers['x-goog-upload-header-content-type']).toBe('image/png')
    expect(Number(start.headers['x-goog-upload-header-content-length'])).toBeGreaterThan(7_500_000)
    const call = fake.requests.find((r) => r.path.includes(':generateContent'))!
    const parts = (call.body as any).contents.at(-1).parts as Array<Record<string, any>>
    expect(parts.some((p) => p.inlineData)).toBe(false)
    const ref = parts.find((p) => p.fileData)!.fileData
    expect(ref).toEqual({ mimeType: 'image/png', fileUri: expect.stringMatching(/\/v1beta\/files\/\w+$/) })
    expect(fake.deletedFiles).toEqual([ref.fileUri.split('/').pop()])
    // Gemini answers at its own 4:3 size (1184×864), the uploaded picture's shape within a few per cent
    const out = result.outputs[0] as { kind: string; width: number; height: number }
    expect(out.kind).toBe('image')
    expect(out.width / out.height).toBeCloseTo(2048 / 1536, 1)
  })

  it('503 then success is retried; 429 for good fails for good', async () => {
    fake.behaviour.status = [503]
    expect((await engine().run(edit('brighter'), makeCtx().ctx)).outputs).toHaveLength(1)
    fake.behaviour.status = [429, 429, 429, 429, 429]
    const err = await engine()
      .run(edit('brighter'), makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed', userMessage: CHAT_FAILED })
    expect(err.message).not.toContain(fake.apiKey)
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
})

describe('a photoreal dusk and sky on Gemini (docs/decisions/0125-hosted-sky-and-dusk.md)', () => {
  const mean = async (image: Buffer) =>
    (await sharp(image).removeAlpha().stats()).channels.reduce((s, c) => s + c.mean, 0) / 3

  it('sends one user turn with the fixed dusk sentence and the photo, and returns the model picture at the photo shape', async () => {
    fake.behaviour.render = (png) => sharp(png).linear(0.35, 0).png().toBuffer()
    const result = await engine().run({ kind: 'dusk', input: room }, makeCtx().ctx)
    // the last call: an earlier test's cancelled request may still be recorded after the reset
    const call = fake.calls.at(-1)
    expect(call!.model).toBe('gemini-2.5-flash-image')
    expect(call!.contents).toHaveLength(1)
    const [text, image] = call!.contents[0]!.parts!
    expect(text!.text).toMatch(/^The same photo at dusk: deep blue twilight sky/)
    expect(text!.text).toContain('Nothing else changed: same building, same framing, same materials')
    expect(image!.inlineData?.mimeType).toBe('image/png')
    expect(result.facts).toMatchObject({ engine: 'gemini', model: 'gemini-2.5-flash-image' })
    expect(result.facts.reply).toBeUndefined()
    expect(result.facts.notes).toEqual([{ id: 'hosted_sky_edit' }])
    // the model's own size, at the photo's 4:3 shape
    const out = result.outputs[0] as { data: Buffer; width: number; height: number }
    expect(out.width / out.height).toBeCloseTo(640 / 480, 1)
    expect(await mean(out.data)).toBeLessThan((await mean(room)) * 0.5)
  })

  it('a blue sky says its mood', async () => {
    await engine().run({ kind: 'sky', input: room, mood: 'blue' }, makeCtx().ctx)
    expect(fake.calls.at(-1)!.contents[0]!.parts![0]!.text).toContain('a clear blue daytime sky')
  })
})
