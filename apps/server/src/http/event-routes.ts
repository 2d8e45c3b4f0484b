import { EVENT_TYPES } from '@parti/contract'
import { z } from 'zod'
import type { AppContext } from '../context.ts'
import { eventsSince, type UserEvent } from '../db/repos/events.ts'
import { authenticated } from './auth-scope.ts'
import type { Api, ApiServices } from './types.ts'

const HEARTBEAT_MS = 15_000
const EventsQuery = z.object({ lastEventId: z.coerce.number().int().min(0).optional() })

/**
 * GET /api/events: the signed-in user's job and balance events as Server-Sent Events. Persisted events carry
 * an id, so a reconnecting EventSource resumes with Last-Event-ID and misses nothing; progress ticks are live only.
 */
export function eventRoutes(app: Api, ctx: AppContext, { hub }: ApiServices): void {
  authenticated(app, ctx.database.db, (api) => {
    api.get(
      '/events',
      {
        schema: {
          operationId: 'streamEvents',
          otherResponses: { 200: { description: 'The event stream', contentType: 'text/event-stream' } },
          summary: 'Your job and balance events as Server-Sent Events',
          tags: ['events'],
          description:
            `text/event-stream. Events: ready, ${EVENT_TYPES.join(', ')}. Resume with the ` +
            'Last-Event-ID header (or ?lastEventId=).',
          querystring: EventsQuery,
        },
      },
      async (req, reply) => {
        const header = Number(req.headers['last-event-id'])
        const resumeFrom = Number.isInteger(header) && header >= 0 ? header : req.query.lastEventId

        reply.hijack()
        const res = reply.raw
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        })
        let lastSent = resumeFrom ?? 0
        const write = (e: UserEvent) => {
          if (e.id && e.id <= lastSent) return
          if (e.id) lastSent = e.id
          res.write(`${e.id ? `id: ${e.id}\n` : ''}event: ${e.type}\ndata: ${JSON.stringify(e.payload)}\n\n`)
        }
        // subscribe before replaying, buffer meanwhile, so nothing falls between the two
        const buffered: UserEvent[] = []
        let replaying = true
        const unsubscribe = hub.subscribe(req.user.userId, (e) => (replaying ? buffered.push(e) : write(e)))
        const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS)
        const close = () => {
          clearInterval(heartbeat)
          unsubscribe()
        }
        req.raw.on('close', close)
        res.on('error', close)

        res.write('retry: 3000\n\n')
        if (resumeFrom !== undefined) {
          for (const e of await eventsSince(ctx.database.db, req.user.userId, resumeFrom)) write(e)
        }
        replaying = false
        for (const e of buffered) write(e)
        res.write(`event: ready\ndata: ${JSON.stringify({ lastEventId: lastSent })}\n\n`)
      },
    )
  })
}
