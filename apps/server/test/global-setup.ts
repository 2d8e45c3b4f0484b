import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedCatalogue } from '../src/catalog/seed.ts'
import { openDatabase } from '../src/db/client.ts'
import { migrate } from '../src/db/migrate.ts'
import { startTestS3, type TestS3 } from './helpers/s3.ts'

/**
 * Opening a new PGlite folder costs ~3 s (initdb) plus migrations; the API suite starts dozens of servers.
 * Prepare one migrated, seeded folder per run; each test server starts on a copy of it (helpers/server.ts).
 */
export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  // TEST_BLOB_STORE=s3: every test server keeps its files in a bucket of its own on one s3rver (helpers/server.ts)
  let s3: TestS3 | undefined
  if (process.env.TEST_BLOB_STORE === 's3') {
    s3 = await startTestS3()
    provide('s3Endpoint', s3.endpoint)
  }
  if (process.env.PARTI_TEST_PG_URL) return () => s3?.close()
  const root = mkdtempSync(join(tmpdir(), 'parti-pglite-template-'))
  const dir = join(root, 'db')
  const database = await openDatabase({ pgliteDir: dir })
  await migrate(database)
  await seedCatalogue(database)
  await database.close()
  process.env.PARTI_TEST_PGLITE_TEMPLATE = dir
  provide('pgliteTemplate', dir)
  return async () => {
    rmSync(root, { recursive: true, force: true })
    await s3?.close()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    s3Endpoint: string | undefined
  }
}
