/**
 * Restore a backup (scripts/backup.ts) into an empty database (a new DATABASE_URL, or a new DATA_DIR for the
 * embedded one) and the configured blob store, then check every row count and every file's SHA-256 against the
 * backup (README: Backups; docs/decisions/0091-backups.md). Exit status 1 if anything differs.
 *
 *   npm run restore -w apps/server -- --from /backups/parti-2026-11-27
 */
import { restore } from '../src/backup/backup.ts'
import { cliConfig, folderArgument } from './cli.ts'

const from = folderArgument('--from')
const config = cliConfig()
try {
  await restore(config, from, (line) => process.stdout.write(`${line}\n`))
  process.stdout.write(`Restored from ${from}\n`)
} catch (err) {
  process.stderr.write(`Restore failed: ${(err as Error).message}\n`)
  process.exit(1)
}
