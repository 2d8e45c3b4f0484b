import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changeCredits } from '../src/db/repos/credits.ts'
import { Api } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// docs/product.md#credit-history: GET /api/user/credits/transactions (filters, paging) and its CSV.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ env: { FREE_CREDITS: '200' } })
})
afterAll(() => server.close())

const EVIL = `=HYPERLINK("http://evil.test","click"), then "more"`

/** A user with the sign-up grant plus `n` adjustments, the last one with a description built to do harm. */
async function userWithLedger(n: number) {
  const api = new Api(server.url)
  const { user } = await api.signUp()
  for (let i = 1; i <= n; i++)
    await server.ctx.database.db.transaction((tx) =>
      changeCredits(tx, {
        userId: user.uid,
        amount: i % 2 ? i : -1,
        kind: i % 2 ? 'adjustment' : 'refund',
        description: i === n ? EVIL : `step ${i}`,
      }),
    )
  return { api, id: user.uid as string }
}

async function csv(api: Api, query = '') {
  const res = await fetch(`${server.url}/api/user/credits/transactions.csv${query}`, {
    headers: api.token ? { authorization: `Bearer ${api.token}` } : {},
  })
  return { status: res.status, headers: res.headers, text: await res.text() }
}

describe('GET /api/user/credits/transactions', () => {
  it('401 signed out', async () => {
    expect((await new Api(server.url).get('/api/user/credits/transactions')).status).toBe(401)
    expect((await csv(new Api(server.url))).status).toBe(401)
  })

  it('pages newest first by cursor without gaps or repeats, with balance after and mode', async () => {
    const { api } = await userWithLedger(12)
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const q: string = `/api/user/credits/transactions?limit=5${cursor ? `&cursor=${cursor}` : ''}`
      const r = await api.get(q)
      expect(r.status).toBe(200)
      seen.push(...r.body.transactions.map((t: { id: string }) => t.id))
      cursor = r.body.nextCursor
      pages++
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen).toHaveLength(13)
    expect(new Set(seen).size).toBe(13)
    const all = (await api.get('/api/user/credits/transactions?limit=50')).body.transactions
    expect(all.map((t: { id: string }) => t.id)).toEqual(seen)
    expect(all[all.length - 1]).toMatchObject({ kind: 'grant', amount: 200, balanceAfter: 200, mode: null })
    expect(all[0].balanceAfter).toBe(200 + 1 + 3 + 5 + 7 + 9 + 11 - 6)
  })

  it('filters by kind and by time, and validates what it is given', async () => {
    const { api } = await userWithLedger(4)
    const refunds = (await api.get('/api/user/credits/transactions?kind=refund')).body.transactions
    expect(refunds.map((t: { kind: string }) => t.kind)).toEqual(['refund', 'refund'])
    const future = new Date(Date.now() + 60_000).toISOString()
    expect((await api.get(`/api/user/credits/transactions?from=${future}`)).body.transactions).toEqual([])
    const past = new Date(Date.now() - 60_000).toISOString()
    expect((await api.get(`/api/user/credits/transactions?to=${past}`)).body.transactions).toEqual([])
    expect(
      (await api.get(`/api/user/credits/transactions?from=${past}&to=${future}`)).body.transactions,
    ).toHaveLength(5)
    for (const bad of [
      'kind=bonus',
      'from=yesterday',
      `from=${future}&to=${past}`,
      'limit=0',
      'limit=51',
      'cursor=not-a-cursor',
    ]) {
      const r = await api.get(`/api/user/credits/transactions?${bad}`)
      expect(r.status, bad).toBe(400)
      // the CSV takes the same filters (and no paging)
      if (!/^(limit|cursor)=/.test(bad)) expect((await csv(api, `?${bad}`)).status, bad).toBe(400)
    }
  })

  it("shows only the user's own rows", async () => {
    const a = await userWithLedger(2)
    const b = await userWithLedger(3)
    const ids = (r: { body: { transactions: Array<{ id: string }> } }) => r.body.transactions.map((t) => t.id)
    const aIds = ids(await a.api.get('/api/user/credits/transactions'))
    const bIds = ids(await b.api.get('/api/user/credits/transactions'))
    expect(aIds).toHaveLength(3)
    expect(aIds.filter((id) => bIds.includes(id))).toEqual([])
    // a cursor made from another user's rows still shows only one's own
    const bPage = await b.api.get('/api/user/credits/transactions?limit=1')
    const fromB = await a.api.get(`/api/user/credits/transactions?cursor=${bPage.body.nextCursor}`)
    expect(ids(fromB).every((id) => aIds.includes(id))).toBe(true)
    expect((await csv(a.api)).text).not.toContain(bIds[0]!)
  })
})

describe('GET /api/user/credits/transactions.csv', () => {
  it('downloads every row, quoted and formula-safe, filtered like the page', async () => {
    const { api } = await userWithLedger(3)
    const r = await csv(api)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(r.headers.get('content-disposition')).toMatch(
      /^attachment; filename="parti-credits-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const lines = r.text.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe('date,kind,description,amount,held,balance_after,generation_id,mode')
    expect(lines.filter(Boolean)).toHaveLength(1 + 4)
    // the newest row: the description starts with an apostrophe (no formula) and its quotes are doubled
    expect(lines[1]).toContain(
      `,adjustment,"'=HYPERLINK(""http://evil.test"",""click""), then ""more""",3,0,`,
    )
    // negative amounts stay numbers
    expect(lines[2]).toMatch(/,refund,step 2,-1,0,\d+,,$/)
    expect(lines.at(-2)).toMatch(/,grant,/)
    const grants = await csv(api, '?kind=grant')
    expect(grants.text.split('\r\n').filter(Boolean)).toHaveLength(2)
  })
})
