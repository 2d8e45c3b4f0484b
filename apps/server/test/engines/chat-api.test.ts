import type { Generation } from '@parti/contract'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeGemini, startFakeGemini } from '../fakes/gemini.ts'
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai.ts'
import { rectMask, roomJpeg } from '../fixtures/images.ts'
import { Api, form } from '../helpers/client.ts'
import { balance, waitForJobs } from '../helpers/jobs.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

let openai: FakeOpenAi
let gemini: FakeGemini
let server: TestServer
let api: Api
let room: Buffer

beforeAll(async () => {
  ;[openai, gemini] = await Promise.all([startFakeOpenAi(), startFakeGemini()])
  server = await startTestServer({
    env: {
      FREE_CREDITS: '2000',
      JOB_MAX_ATTEMPTS: '1',
      ENGINE_CHAT_EDIT: 'openai',
      OPENAI_API_KEY: openai.apiKey,
      OPENAI_BASE_URL: openai.url,
      ENGINE_INPAINT: 'gemini',
      GEMINI_API_KEY: gemini.apiKey,
      GEMINI_BASE_URL: gemini.url,
    },
  })
  api = new Api(server.url)
  await api.signUp()
  room = await roomJpeg()
})
afterAll(async () => {
  await server?.close()
  await openai?.close()
  await gemini?.close()
})
beforeEach(() => {
  openai.reset()
  gemini.reset()
})

describe('Ask Parti on OpenAI (ENGINE_CHAT_EDIT) and inpainting on Gemini (ENGINE_INPAINT)', () => {
  it('a two-turn conversation: the second edit carries the first, and the assistant answers in the conversation', async () => {
    const id = (await api.post('/api/conversations', {})).body.conversation.id
    const first = await api.postForm(
      '/api/render/start',
      form(
        { generationType: 'chat-edit', userPrompt: 'add a wool rug', conversationId: id },
        { image: room },
      ),
    )
    const [g1] = await waitForJobs(api, [first.body.generation.id], 20_000)
    expect(g1).toMatchObject({ status: 'completed', engine: 'openai', model: 'gpt-image-1' })
    const second = await api.postForm(
      '/api/render/start',
      form({
        generationType: 'chat-edit',
        userPrompt: 'make it warmer',
        conversationId: id,
        sourceGenerationId: g1!.id,
      }),
    )
    const [g2] = await waitForJobs(api, [second.body.generation.id], 20_000)
    expect(g2!.status).toBe('completed')
    const prompt = openai.calls[1]!.prompt.replace(/\r\n/g, '\n')
    expect(prompt).toContain('User: add a wool rug')
    expect(prompt).toMatch(/Now: make it warmer$/)
    const detail = await api.get(`/api/conversations/${id}`)
    expect(detail.body.messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ])
    expect(detail.body.messages[3].text).toBe('Here is your edited image.')
  })

  it('a lasso inpaint runs on Gemini; a refusal fails it with the refusal message and refunds', async () => {
    const mask = await rectMask(640, 480, { left: 70, top: 250, width: 200, height: 110 })
    const ok = await api.postForm(
      '/api/render/inpainting',
      form({ prompt: 'a low oak bench' }, { image: room, maskData: mask }),
    )
    const [g] = await waitForJobs(api, [ok.body.generation.id], 20_000)
    expect(g).toMatchObject({ status: 'completed', engine: 'gemini', model: 'gemini-2.5-flash-image' })
    expect(g!.enhancedPrompt).toMatch(/^In the area in the middle left of the image/)

    const before = await balance(api)
    const refused = await api.postForm(
      '/api/render/inpainting',
      form({ prompt: 'something forbidden' }, { image: room, maskData: mask }),
    )
    const [f] = await waitForJobs(api, [refused.body.generation.id], 20_000)
    expect(f).toMatchObject({ status: 'failed' })
    expect(f!.error).toMatch(/^Sorry, I couldn't process your request/)
    expect((f as unknown as Generation).metadata.failure).toEqual([{ id: 'refused' }])
    expect(await balance(api)).toBe(before)
  })
})
