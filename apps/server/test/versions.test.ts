import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

type Gen = {
  id: string
  status: string
  seed: number | null
  sourceGenerationId: string | null
  outputImageUrl: string | null
  recipe: {
    engine: string | null
    model: string | null
    steps: { step: string; engine: string; model: string }[]
    seed: number | null
    prompt: string | null
    options: Record<string, unknown>
    inputUrls: string[]
    sourceGenerationId: string | null
  } | null
}

let server: TestServer
let sketch: Buffer

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_CREDITS: '400' } })
  sketch = await sketchPng(400, 300)
})
afterAll(() => server.close())

async function bytesOf(api: Api, url: string): Promise<Buffer> {
  const res = await fetch(`${api.base}${url}`, { headers: { authorization: `Bearer ${api.token}` } })
  expect(res.status).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}

async function finished(api: Api, id: string): Promise<Gen> {
  const [g] = (await waitForJobs(api, [id], 120_000)) as Gen[]
  expect(g!.status).toBe('completed')
  return (await api.get(`/api/user/generations/${id}`)).body.generation as Gen
}

async function edit(api: Api, sourceGenerationId: string, userPrompt: string): Promise<string> {
  const r = await api.postForm(
    '/api/render/start',
    form({ generationType: 'chat-edit', userPrompt, sourceGenerationId }),
  )
  expect(r.status).toBe(202)
  return r.body.generation.id
}

describe('the recipe and "Run again" (docs/product.md#recipe)', () => {
  it('every result says how it was made; run again with the same seed gives the same bytes on the local engine', async () => {
    const api = new Api(server.url)
    await api.signUp()
    const r = await api.postForm(
      '/api/render/start',
      form(
        {
          generationType: 'sketch-render',
          userPrompt: 'a timber cabin',
          variations: '2',
          followLines: 'strict',
        },
        { sketch },
      ),
    )
    const second = await finished(api, (r.body.generations as Gen[])[1]!.id)
    expect(second.recipe).toMatchObject({
      engine: 'local',
      model: 'local-sketch-v1',
      steps: [{ step: 'sketch', engine: 'local', model: 'local-sketch-v1' }],
      seed: second.seed,
      sourceGenerationId: null,
      options: { followLines: 'strict', settings: {} },
    })
    expect(second.recipe!.prompt).toContain('a timber cabin')
    expect(second.recipe!.inputUrls).toHaveLength(1)
    const again = await api.post(`/api/user/generations/${second.id}/run-again`, {})
    expect(again.status).toBe(202)
    const copy = await finished(api, again.body.generation.id)
    expect(copy.id).not.toBe(second.id)
    expect(copy.seed).toBe(second.seed)
    expect(copy.recipe).toMatchObject({ engine: 'local', seed: second.seed, options: second.recipe!.options })
    const [a, b] = await Promise.all([
      bytesOf(api, second.outputImageUrl!),
      bytesOf(api, copy.outputImageUrl!),
    ])
    expect(b.equals(a)).toBe(true)
    // another engine must serve the kind here; on this server only the local engine does
    const elsewhere = await api.post(`/api/user/generations/${second.id}/run-again`, { engine: 'replicate' })
    expect(elsewhere.status).toBe(422)
    expect(elsewhere.body.error.code).toBe('not_offered')
    const unknown = await api.post(`/api/user/generations/${second.id}/run-again`, { engine: 'nope' })
    expect(unknown.status).toBe(400)
  })
})

describe('versions as a tree (docs/product.md#versions)', () => {
  it('a three-level edit chain with a branch: the same tree from any of its results', async () => {
    const api = new Api(server.url)
    await api.signUp()
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a house' }, { sketch }),
    )
    const a = (await finished(api, r.body.generation.id)).id
    const b = (await finished(api, await edit(api, a, 'make it brighter'))).id
    const c = (await finished(api, await edit(api, b, 'make it warmer'))).id
    // going back to b and editing it again starts a branch beside c
    const c2 = (await finished(api, await edit(api, b, 'black and white'))).id
    const d = (await finished(api, await edit(api, c, 'more contrast'))).id
    const unrelated = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a shed' }, { sketch }),
    )
    await waitForJobs(api, [unrelated.body.generation.id], 120_000)
    for (const from of [a, c2, d]) {
      const t = await api.get(`/api/user/generations/${from}/lineage`)
      expect(t.status).toBe(200)
      expect(t.body.rootId).toBe(a)
      expect(t.body.truncated).toBe(false)
      const parents = Object.fromEntries(
        (t.body.generations as Gen[]).map((g) => [g.id, g.sourceGenerationId]),
      )
      expect(parents).toEqual({ [a]: null, [b]: a, [c]: b, [c2]: b, [d]: c })
      // by depth, then oldest first: siblings in the order they were made
      expect((t.body.generations as Gen[]).map((g) => g.id)).toEqual([a, b, c, c2, d])
    }
    // a deleted middle version ends the walk up there
    expect((await api.request('DELETE', `/api/user/generations/${b}`)).status).toBe(200)
    const cut = await api.get(`/api/user/generations/${d}/lineage`)
    expect(cut.body.rootId).toBe(c)
    expect((cut.body.generations as Gen[]).map((g) => g.id)).toEqual([c, d])
    // another user's result is not found, as if it did not exist
    const other = new Api(server.url)
    await other.signUp()
    expect((await other.get(`/api/user/generations/${a}/lineage`)).status).toBe(404)
    expect((await other.post(`/api/user/generations/${a}/run-again`, {})).status).toBe(404)
  })
})
