import { describe, expect, it } from 'vitest'
import { Api } from './helpers/client.ts'
import { startTestServer } from './helpers/server.ts'

describe('a second start on the same data', () => {
  it('keeps every row: accounts, sessions, balance and the catalogue as the operator left it', async () => {
    const first = await startTestServer()
    const api = new Api(first.url)
    const { token } = await api.signUp('keep@studio.test')
    await first.ctx.database.query(`delete from styles where id = 'blueprint'`)
    const counts = async (s: typeof first) =>
      s.ctx.database.query<{ t: string; n: number }>(
        `select 'styles' t, count(*)::int n from styles union all select 'palettes', count(*)::int from color_palettes
         union all select 'plans', count(*)::int from plans union all select 'users', count(*)::int from users`,
      )
    const before = await counts(first)
    await first.close({ keepData: true })

    const second = await startTestServer({ dataDir: first.dataDir, databaseUrl: first.databaseUrl })
    try {
      expect(await counts(second)).toEqual(before)
      const again = new Api(second.url, token)
      const profile = await again.get('/api/user/profile')
      expect(profile.status).toBe(200)
      expect(profile.body.user.credits).toBe(200)
      // the deleted style did not come back
      expect((await again.get('/api/styles/blueprint')).status).toBe(404)
    } finally {
      await second.close()
    }
  })
})
