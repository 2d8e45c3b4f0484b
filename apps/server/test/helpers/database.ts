import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** When set, the API suite runs on this PostgreSQL server, each test file in a database of its own. */
export const PG_URL = process.env.PARTI_TEST_PG_URL || undefined

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!PG_URL) throw new Error('PARTI_TEST_PG_URL is not set')
  const name = `parti_t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(PG_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}
