/**
 * Back up the database and every file into a new folder (README: Backups; docs/decisions/0091-backups.md).
 * Reads the same settings as the server (DATA_DIR, DATABASE_URL, BLOB_STORE, S3_*). With the embedded
 * database, stop the server first; PostgreSQL is backed up while it runs.
 *
 *   npm run backup -w apps/server -- --out /backups/parti-2026-11-27
 */
import { backup } from '../src/backup/backup.ts'
import { cliConfig, folderArgument } from './cli.ts'

const out = folderArgument('--out')
const config = cliConfig()
try {
  await backup(config, out, (line) => process.stdout.write(`${line}\n`))
  process.stdout.write(`Backup written to ${out}\n`)
} catch (err) {
  process.stderr.write(`Backup failed: ${(err as Error).message}\n`)
  process.exit(1)
}
