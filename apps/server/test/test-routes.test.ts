import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { balance, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// The end-to-end suite's helper routes: off unless ENABLE_TEST_ROUTES=true, and then only for the caller's own
// account and results.
let on: TestServer
let off: TestServer
beforeAll(async () => {
  ;[on, off] = await Promise.all([
    startTestServer({ env: { ENABLE_TEST_ROUTES: 'true' } }),
    startTestServer(),
  ])
})
afterAll(async () => {
  await Promise.all([on.close(), off.close()])
})

describe('test routes', () => {
  it('do not exist unless switched on', async () => {
    const api = new Api(off.url)
    await api.signUp()
    expect((await api.post('/api/test/credits', { credits: 1000 })).status).toBe(404)
  })

  it('grant credits through the ledger and copy an own finished result, older and one second apart', async () => {
    const api = new Api(on.url)
    await api.signUp()
    const before = await balance(api)
    expect((await api.post('/api/test/credits', { credits: 1000 })).body.credits).toBe(before + 1000)
    const tx = await api.get('/api/user/credits/transactions?limit=1')
    expect(tx.body.transactions[0]).toMatchObject({ kind: 'adjustment', amount: 1000 })

    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a barn' }, { sketch: await sketchPng(320, 240) }),
    )
    const [source] = await waitForJobs(api, [r.body.generation.id])
    const copies = await api.post(`/api/test/generations/${source!.id}/copies`, { count: 5 })
    expect(copies.body.ids).toHaveLength(5)
    const list = await api.get('/api/user/generations?limit=10')
    expect(list.body.generations.map((g: { id: string }) => g.id)).toEqual([source!.id, ...copies.body.ids])
    expect(list.body.generations[1]).toMatchObject({
      userPrompt: 'a barn (copy 1)',
      thumbnailUrl: source!.thumbnailUrl,
      status: 'completed',
    })

    const stranger = new Api(on.url)
    await stranger.signUp()
    expect((await stranger.post(`/api/test/generations/${source!.id}/copies`, { count: 1 })).status).toBe(404)
  })
})
