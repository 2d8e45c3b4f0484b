import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Database, rowsOf } from './client.ts'

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations')
/** Any fixed number: serialises concurrent starts (API and worker processes booting together). */
const MIGRATION_LOCK = 727274

/**
 * Apply the SQL files in db/migrations in name order, each once, in its own transaction. The same files run on
 * PGlite and PostgreSQL. An applied file whose content changed stops start-up: migrations are append-only.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()
  const applied: string[] = []
  // One transaction with a transaction-scoped advisory lock: with a pool, a session lock could be taken and
  // released on different connections; DDL is transactional in PostgreSQL, so a failed start leaves nothing half.
  await database.db.transaction(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`)
    await tx.execute(
      `create table if not exists schema_migrations (
         name text primary key, checksum text not null, applied_at timestamptz not null default now())`,
    )
    const rows = rowsOf<{ name: string; checksum: string }>(
      await tx.execute('select name, checksum from schema_migrations'),
    )
    const done = new Map(rows.map((r) => [r.name, r.checksum]))
    for (const file of files) {
      const sqlText = readFileSync(join(MIGRATIONS_DIR, file), 'utf8')
      const checksum = createHash('sha256').update(sqlText).digest('hex')
      const previous = done.get(file)
      if (previous) {
        if (previous !== checksum) throw new Error(`Migration ${file} changed after it was applied`)
        continue
      }
      for (const statement of sqlText.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(statement)
      }
      await tx.execute(
        `insert into schema_migrations (name, checksum) values ('${file.replace(/'/g, "''")}', '${checksum}')`,
      )
      applied.push(file)
    }
  })
  return applied
}
