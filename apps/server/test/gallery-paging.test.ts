import { randomUUID } from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generations } from '../src/db/schema.ts'
import { Api, type ApiResponse } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// The gallery's paging (docs/product.md#gallery: 100 at a time, by keyset on (created_at, id), newest first).
// Rows are written straight into the table: what is under test is the listing, not the engines, and a few
// hundred renders would take minutes. Timestamps are chosen to make ties, which is where keysets go wrong.

let server: TestServer
let api: Api
let userId: string
let otherId: string

type Row = typeof generations.$inferInsert
const T0 = Date.parse('2026-06-01T12:00:00.000Z')

function row(owner: string, i: number, patch: Partial<Row> = {}): Row {
  const video = i % 5 === 0
  return {
    id: randomUUID(),
    userId: owner,
    type: video ? 'video' : 'image',
    generationType: video ? 'video-render' : 'sketch-render',
    mode: video ? 'animate' : 'sketch',
    status: 'completed',
    creditsCost: 20,
    favorite: i % 7 === 0,
    userPrompt: i % 3 === 0 ? `a timber pavilion ${i}` : `a brick house ${i}`,
    payload: { v: 1 },
    // every third row shares its timestamp with the next one: ties broken by id
    createdAt: new Date(T0 - Math.floor(i / 3) * 60_000 * 3 - (i % 3 === 2 ? 60_000 : 0)),
    ...patch,
  }
}

async function insert(rows: Row[]) {
  await server.ctx.database.db.insert(generations).values(rows)
}

async function pageThrough(query: string, limit: number, between?: (page: number) => Promise<void>) {
  const seen: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const r: ApiResponse = await api.get(
      `/api/user/generations?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )
    expect(r.status).toBe(200)
    const got = r.body.generations as Array<{ id: string; createdAt: string }>
    expect(got.length).toBeLessThanOrEqual(limit)
    seen.push(...got.map((g) => g.id))
    cursor = r.body.nextCursor
    pages++
    await between?.(pages)
  } while (cursor)
  return { seen, pages }
}

const initial: Row[] = []

beforeAll(async () => {
  server = await startTestServer()
  api = new Api(server.url)
  userId = (await api.signUp()).user.uid
  const other = new Api(server.url)
  otherId = (await other.signUp()).user.uid
  for (let i = 0; i < 250; i++) initial.push(row(userId, i))
  // not listed: soft-deleted rows and another user's rows, interleaved in time
  const hidden = [
    ...Array.from({ length: 12 }, (_, i) => row(userId, i * 20 + 1, { deleted: true })),
    ...Array.from({ length: 40 }, (_, i) => row(otherId, i * 6)),
  ]
  await insert([...initial, ...hidden])
})
afterAll(() => server.close())

const newestFirst = (rows: Row[]) =>
  [...rows]
    .sort((a, b) => {
      const t = (b.createdAt as Date).getTime() - (a.createdAt as Date).getTime()
      return t !== 0 ? t : b.id! < a.id! ? -1 : b.id! > a.id! ? 1 : 0
    })
    .map((r) => r.id)

describe('gallery keyset paging', () => {
  it('returns every item exactly once, newest first, in the order of (created_at, id)', async () => {
    const { seen, pages } = await pageThrough('', 7)
    expect(pages).toBe(Math.ceil(250 / 7))
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toEqual(newestFirst(initial))
  })

  it('returns every item exactly once while new items arrive between pages', async () => {
    const arrived: Row[] = []
    const { seen } = await pageThrough('', 25, async (page) => {
      // new jobs land at the top (newer than anything listed), some in the very same millisecond
      const now = new Date(Date.now() + page * 1000)
      const fresh = [row(userId, page, { createdAt: now }), row(userId, page + 1000, { createdAt: now })]
      arrived.push(...fresh)
      await insert(fresh)
    })
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toEqual(newestFirst(initial))
    // a fresh walk sees the newcomers first, then the same items, still each once
    const again = await pageThrough('', 100)
    expect(again.seen).toEqual(newestFirst([...initial, ...arrived]))
    // leave the table as the other tests expect it
    await server.ctx.database.db.delete(generations).where(
      inArray(
        generations.id,
        arrived.map((r) => r.id!),
      ),
    )
  })

  it('pages a filtered list the same way: a tab, favourites, a search and a date range', async () => {
    const cases: Array<[string, (r: Row) => boolean]> = [
      ['type=video', (r) => r.type === 'video'],
      ['type=image', (r) => r.type === 'image'],
      ['favorite=true', (r) => !!r.favorite],
      ['q=Timber', (r) => r.userPrompt!.includes('timber')],
      [
        `from=${new Date(T0 - 60 * 60_000).toISOString()}&to=${new Date(T0 - 10 * 60_000).toISOString()}`,
        (r) =>
          (r.createdAt as Date).getTime() >= T0 - 60 * 60_000 &&
          (r.createdAt as Date).getTime() <= T0 - 10 * 60_000,
      ],
    ]
    for (const [query, keep] of cases) {
      const expected = newestFirst(initial.filter(keep))
      expect(expected.length, query).toBeGreaterThan(0)
      const { seen } = await pageThrough(query, 9)
      expect(seen, query).toEqual(expected)
    }
  })

  it('does not cut a batch that shares one timestamp to the microsecond at a page boundary', async () => {
    // rows written by one statement share now(), microseconds included (a rounded cursor lost the rest)
    const batch = new Api(server.url)
    const owner = (await batch.signUp()).user.uid
    await server.ctx.database.db.execute(sql`
      insert into generations (id, user_id, type, generation_type, mode, status, credits_cost, payload, created_at)
      select gen_random_uuid(), ${owner}::uuid, 'image', 'sketch-render', 'multi-angle', 'completed', 20,
        '{"v":1}'::jsonb, now() - interval '1.234567 seconds'
      from generate_series(1, 10)`)
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const r: ApiResponse = await batch.get(
        `/api/user/generations?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      )
      seen.push(...r.body.generations.map((g: { id: string }) => g.id))
      cursor = r.body.nextCursor
    } while (cursor)
    expect(seen).toHaveLength(10)
    expect(new Set(seen).size).toBe(10)
  })

  it('answers 100 by default and a malformed cursor with 400', async () => {
    const first = await api.get('/api/user/generations')
    expect(first.body.generations).toHaveLength(100)
    expect(first.body.nextCursor).toEqual(expect.any(String))
    expect((await api.get('/api/user/generations?cursor=not-a-cursor')).status).toBe(400)
    expect((await api.get('/api/user/generations?limit=101')).status).toBe(400)
  })

  it("never lists another user's items, whatever the cursor", async () => {
    const other = new Api(server.url)
    await other.signUp()
    const first = await api.get('/api/user/generations?limit=5')
    const theirs = await other.get(`/api/user/generations?cursor=${first.body.nextCursor}`)
    expect(theirs.status).toBe(200)
    expect(theirs.body.generations).toEqual([])
  })
})
