import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roomJpeg, sketchPng, solidPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { balance, ledgerSum, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

let server: TestServer
let sketch: Buffer

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_CREDITS: '140' } })
  sketch = await sketchPng(400, 300)
})
afterAll(() => server.close())

describe('credits and the ledger', () => {
  it('50 simultaneous renders with credits for 7: exactly 7 accepted, the rest 402, balance and ledger agree', async () => {
    const api = new Api(server.url)
    await api.signUp()
    const body = () => form({ generationType: 'sketch-render', userPrompt: 'a house' }, { sketch })
    const results = await Promise.all(
      Array.from({ length: 50 }, () => api.postForm('/api/render/start', body())),
    )
    const accepted = results.filter((r) => r.status === 202)
    const refused = results.filter((r) => r.status === 402)
    expect(accepted).toHaveLength(7)
    expect(refused).toHaveLength(43)
    for (const r of refused) {
      expect(r.body.error).toMatchObject({ code: 'insufficient_credits', message: 'Insufficient credits' })
      expect(r.body.error.details.required).toBe(20)
      expect(r.body.error.details.available).toBeLessThan(20)
    }
    expect(await balance(api)).toBe(0)
    expect(await ledgerSum(api)).toBe(0)
    const rows = await server.ctx.database.query<{ n: number }>(
      'select count(*)::int n from generations where user_id = $1',
      [(await api.get('/api/user/profile')).body.user.uid],
    )
    expect(rows[0]!.n).toBe(7)
    await waitForJobs(
      api,
      accepted.map((r) => r.body.generation.id),
      120_000,
    )
  })

  it('402 reports the whole price of a multi-angle request and creates nothing', async () => {
    const api = new Api(server.url)
    await api.signUp()
    const r = await api.postForm(
      '/api/render/start',
      form(
        {
          generationType: 'multi-angle',
          userPrompt: 'a villa',
          angles: 'front,side,aerial,corner,interior,contextual,front',
        },
        { sketch },
      ),
    )
    // six distinct angles, of which the local engine makes five (not the interior): 5 × 20 = 100 ≤ 140
    expect(r.status).toBe(202)
    expect(r.body.generations).toHaveLength(5)
    const again = await api.postForm(
      '/api/render/start',
      form({ generationType: 'multi-angle', userPrompt: 'a villa', angles: 'front,side,corner' }, { sketch }),
    )
    expect(again.status).toBe(402)
    expect(again.body.error.details).toEqual({ required: 60, available: 40 })
    expect(await balance(api)).toBe(40)
  })

  it('a 10 s video costs 300 and a 6 s one 200; too few credits is 402 with required and available', async () => {
    const api = new Api(server.url)
    await api.signUp()
    const room = await roomJpeg()
    const r = await api.postForm(
      '/api/render/animate',
      form({ description: 'push in', duration: '10' }, { image: room }),
    )
    expect(r.status).toBe(402)
    expect(r.body.error.details).toEqual({ required: 300, available: 140 })
  })

  it('refunds a job that fails, in full, as a ledger row', async () => {
    const api = new Api(server.url)
    await api.signUp()
    // a 1×1 image is a valid file the engine cannot work with
    const tiny = await solidPng(1, 1)
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'dot' }, { sketch: tiny }),
    )
    expect(r.status).toBe(202)
    const [g] = await waitForJobs(api, [r.body.generation.id])
    expect(g!.status).toBe('failed')
    expect(g!.error).toBeTruthy()
    expect(await balance(api)).toBe(140)
    const tx = (await api.get('/api/user/credits/transactions')).body.transactions
    expect(tx.map((t: any) => [t.kind, t.amount])).toEqual([
      ['refund', 20],
      ['debit', -20],
      ['grant', 140],
    ])
    expect(tx[0].generationId).toBe(g!.id)
  })
})
