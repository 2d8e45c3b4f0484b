import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { EVENTS_CHANNEL, emitUserEvent, eventById, notifyTransient } from '../src/db/repos/events.ts'
import { Api } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Events reach live listeners through NOTIFY on the real database: the payload travels as a query parameter,
// so whatever characters it holds arrive as they were written.

let server: TestServer
let userId: string

beforeAll(async () => {
  server = await startTestServer({ role: 'api' })
  userId = (await new Api(server.url).signUp()).user.uid
})
afterAll(() => server.close())

/**
 * Listens for the events a test sends: the sign-up's own events (its free credits) may still be on their way
 * when a test starts.
 */
async function listen(sent: (event: { type: string; payload: Record<string, unknown> }) => boolean) {
  const received: unknown[] = []
  const stop = await server.ctx.database.listen(EVENTS_CHANNEL, (payload) => {
    const event = JSON.parse(payload)
    if (sent(event)) received.push(event)
  })
  return { received, stop }
}

describe('event notifications', () => {
  it('deliver a transient event unchanged, quotes, backslashes and placeholders included', async () => {
    const { received, stop } = await listen((e) => e.type === 'generation.progress')
    const id = `it's "quoted" \\ $1 '); select 1; --`
    await notifyTransient(server.ctx.database.db, userId, 'generation.progress', { id, progress: 0.5 })
    await vi.waitFor(() => expect(received).toHaveLength(1))
    expect(received[0]).toEqual({
      id: 0,
      userId,
      type: 'generation.progress',
      payload: { id, progress: 0.5 },
    })
    await stop()
  })

  it('deliver a stored event at commit, with the id it was stored under', async () => {
    const { received, stop } = await listen((e) => e.type === 'balance.changed' && e.payload.change === -3)
    const id = await server.ctx.database.db.transaction((tx) =>
      emitUserEvent(tx, userId, 'balance.changed', { credits: 7, change: -3 }),
    )
    await vi.waitFor(() => expect(received).toHaveLength(1))
    expect(received[0]).toEqual({ id, userId, type: 'balance.changed', payload: { credits: 7, change: -3 } })
    expect(await eventById(server.ctx.database.db, id)).toMatchObject({ type: 'balance.changed' })
    await stop()
  })
})
