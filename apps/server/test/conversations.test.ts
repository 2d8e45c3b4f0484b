import type { Generation } from '@parti/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roomJpeg } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { balance, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

let server: TestServer
let api: Api
let room: Buffer

beforeAll(async () => {
  server = await startTestServer()
  api = new Api(server.url)
  await api.signUp()
  room = await roomJpeg()
})
afterAll(() => server.close())

describe('Ask Parti conversations', () => {
  it('keeps the user’s request and the assistant’s answer with the edited image, and reuses earlier images', async () => {
    const created = await api.post('/api/conversations', {})
    expect(created.status).toBe(201)
    const id = created.body.conversation.id

    const edit = await api.postForm(
      '/api/render/start',
      form(
        { generationType: 'chat-edit', userPrompt: 'make it warmer and brighter', conversationId: id },
        { image: room },
      ),
    )
    expect(edit.status).toBe(202)
    const [g] = await waitForJobs(api, [edit.body.generation.id])
    expect(g!.status).toBe('completed')

    const detail = await api.get(`/api/conversations/${id}`)
    expect(detail.body.conversation.title).toBe('make it warmer and brighter')
    expect(detail.body.messages.map((m: any) => m.role)).toEqual(['user', 'assistant'])
    expect(detail.body.messages[0].attachmentUrls).toHaveLength(1)
    expect(detail.body.messages[1].generation.outputImageUrl).toBeTruthy()
    expect(detail.body.messages[1].generation.inputImageUrl).toBe(detail.body.messages[0].attachmentUrls[0])
    expect(detail.body.messages[1].text.length).toBeGreaterThan(0)

    // the next turn edits the previous result
    const next = await api.postForm(
      '/api/render/start',
      form({
        generationType: 'chat-edit',
        userPrompt: 'now black and white',
        conversationId: id,
        sourceGenerationId: g!.id,
      }),
    )
    expect(next.status).toBe(202)
    expect(next.body.generation.sourceGenerationId).toBe(g!.id)
    await waitForJobs(api, [next.body.generation.id])
    const list = await api.get('/api/conversations')
    expect(list.body.conversations[0]).toMatchObject({ id, messageCount: 4 })
    expect(list.body.conversations[0].lastImageUrl).toMatch(/thumb\.webp$/)
  })

  it('answers a request the local engine cannot do with the apology, and refunds it', async () => {
    const id = (await api.post('/api/conversations', {})).body.conversation.id
    const before = await balance(api)
    const edit = await api.postForm(
      '/api/render/start',
      form(
        { generationType: 'chat-edit', userPrompt: 'add a swimming pool with dolphins', conversationId: id },
        { image: room },
      ),
    )
    const [g] = await waitForJobs(api, [edit.body.generation.id])
    expect(g!.status).toBe('failed')
    expect(g!.error).toMatch(/^Sorry, I couldn't process your request\./)
    // the same as reason ids the screens translate: the apology, then the part left out and why
    expect((g as unknown as Generation).metadata.failure).toEqual([
      { id: 'edit_unsupported' },
      { id: 'left_out', params: { words: expect.stringMatching(/swimming pool/), reason: 'add-objects' } },
    ])
    expect(await balance(api)).toBe(before)
    const detail = await api.get(`/api/conversations/${id}`)
    expect(detail.body.messages.at(-1)).toMatchObject({ role: 'assistant' })
    expect(detail.body.messages.at(-1).text).toMatch(/^Sorry, I couldn't process your request\./)
  })

  it('stores what to provide as a reason id: "remove the chair" without a lasso asks for one', async () => {
    const edit = await api.postForm(
      '/api/render/start',
      form({ generationType: 'chat-edit', userPrompt: 'remove the chair' }, { image: room }),
    )
    const [g] = await waitForJobs(api, [edit.body.generation.id])
    expect(g).toMatchObject({ status: 'failed', errorCode: 'invalid_input' })
    expect(g!.error).toBe('Please select an area with the lasso tool to indicate what to remove.')
    expect((g as unknown as Generation).metadata.failure).toEqual([{ id: 'select_to_remove' }])
  })

  it('clears all messages, deletes a conversation, and keeps them private', async () => {
    const id = (await api.post('/api/conversations', { title: 'Kitchen' })).body.conversation.id
    const edit = await api.postForm(
      '/api/render/start',
      form({ generationType: 'chat-edit', userPrompt: 'sepia', conversationId: id }, { image: room }),
    )
    // the reply joins the conversation when the job ends: wait for it, or clearing races with it
    await waitForJobs(api, [edit.body.generation.id])
    const other = new Api(server.url)
    await other.signUp()
    expect((await other.get(`/api/conversations/${id}`)).status).toBe(404)
    expect((await other.request('DELETE', `/api/conversations/${id}`)).status).toBe(404)
    const otherEdit = await other.postForm(
      '/api/render/start',
      form({ generationType: 'chat-edit', userPrompt: 'x', conversationId: id }, { image: room }),
    )
    expect(otherEdit.body.error.code).toBe('conversation_required')

    expect((await api.request('DELETE', `/api/conversations/${id}/messages`)).status).toBe(200)
    expect((await api.get(`/api/conversations/${id}`)).body.messages).toEqual([])
    expect((await api.request('DELETE', `/api/conversations/${id}`)).status).toBe(200)
    expect((await api.get(`/api/conversations/${id}`)).status).toBe(404)
  })
})
