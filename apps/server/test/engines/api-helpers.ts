import { createServer } from 'node:net'
import type { TestServer } from '../helpers/server.ts'

/** A port free right now, so a test server's PUBLIC_URL is known before it starts (providers post webhooks to it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.on('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const address = s.address()
      const port = typeof address === 'object' && address ? address.port : 0
      s.close(() => resolve(port))
    })
  })
}

/** Gives a user an active subscription, as a completed checkout would. */
export async function setPlan(server: TestServer, userId: string, plan: 'lite' | 'standard' | 'pro') {
  await server.ctx.database.query(
    `update users set plan = $2, subscription_type = 'monthly', subscription_status = 'active',
       subscription_end_date = now() + interval '30 days' where id = $1`,
    [userId, plan],
  )
}
