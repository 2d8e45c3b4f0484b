import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedCatalogue } from '../src/catalog/seed.ts'
import { openDatabase } from '../src/db/client.ts'
import { migrate } from '../src/db/migrate.ts'

/**
 * Opening a new PGlite folder costs ~3 s (initdb) plus migrations; the API suite starts dozens of servers.
 * Prepare one migrated, seeded folder per run; each test server starts on a copy of it (helpers/server.ts).
 */
export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  if (process.env.PARTI_TEST_PG_URL) return
  const root = mkdtempSync(join(tmpdir(), 'parti-pglite-template-'))
  const dir = join(root, 'db')
  const database = await openDatabase({ pgliteDir: dir })
  await migrate(database)
  await seedCatalogue(database)
  await database.close()
  process.env.PARTI_TEST_PGLITE_TEMPLATE = dir
  provide('pgliteTemplate', dir)
  return () => rmSync(root, { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}
