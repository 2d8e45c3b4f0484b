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

  it('releases the hold of a job that fails, in full, as a ledger row, and says it was not charged', async () => {
    const api = new Api(server.url)
    await api.signUp()
    // a blank picture passes the upload check (it decodes and is large enough) and the engine refuses it
    const tiny = await solidPng(200, 150)
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
    // docs/product.md#credit-holds: hold → release, no capture
    expect(tx.map((t: any) => [t.kind, t.amount, t.held])).toEqual([
      ['release', 20, -20],
      ['hold', -20, 20],
      ['grant', 140, 0],
    ])
    expect(tx[0].generationId).toBe(g!.id)
    expect(tx[1].generationId).toBe(g!.id)
    expect(tx.map((t: any) => t.charge)).toEqual(['not_charged', 'not_charged', null])
    expect(g).toMatchObject({ charge: 'not_charged', creditsCharged: 0 })
  })
})

describe('a result that is kept but not charged', () => {
  it('a built-in result under the fidelity threshold completes, and its hold is released with the reason', async () => {
    // every sketch render misses a threshold of 100 % of the lines kept
    const strict = await startTestServer({ env: { FIDELITY_THRESHOLDS: 'sketch=1' } })
    try {
      const api = new Api(strict.url)
      await api.signUp()
      const before = await balance(api)
      const r = await api.postForm(
        '/api/render/start',
        form({ generationType: 'sketch-render', userPrompt: 'a house' }, { sketch }),
      )
      expect(r.status).toBe(202)
      const [g] = await waitForJobs(api, [r.body.generation.id], 120_000)
      expect(g).toMatchObject({ status: 'completed', charge: 'not_charged', creditsCharged: 0 })
      expect(g!.outputImageUrl).toBeTruthy()
      expect(await balance(api)).toBe(before)
      const tx = (await api.get('/api/user/credits/transactions')).body.transactions
      const rows = tx.filter((t: any) => t.generationId === g!.id)
      expect(rows.map((t: any) => [t.kind, t.amount, t.charge])).toEqual([
        ['release', 20, 'not_charged'],
        ['hold', -20, 'not_charged'],
      ])
      expect(rows[0].description).toMatch(/not charged \(lines kept \d+ %, below the 100 % threshold\)/)
    } finally {
      await strict.close()
    }
  })
})
