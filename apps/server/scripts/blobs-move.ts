/**
 * Copy DATA_DIR/files into the S3 bucket the S3_* settings name, before switching to BLOB_STORE=s3
 * (README: Past one machine; docs/decisions/0082-s3-blob-store.md). Idempotent; the folder is left as it is.
 *
 *   npm run blobs:move -w apps/server -- --dry-run   # say what would be copied, copy nothing
 *   npm run blobs:move -w apps/server                # copy what is not in the bucket yet
 */
import { ConfigError, loadConfig } from '../src/config.ts'
import { parseS3Settings } from '../src/storage/config.ts'
import { copyFolderToStore } from '../src/storage/move.ts'
import { S3BlobStore } from '../src/storage/s3/s3-blob-store.ts'

const args = process.argv.slice(2)
const unknown = args.filter((a) => a !== '--dry-run' && a !== '--quiet')
if (unknown.length) {
  process.stderr.write(`Unknown argument ${unknown[0]}; use --dry-run and/or --quiet\n`)
  process.exit(64)
}
const dryRun = args.includes('--dry-run')
const quiet = args.includes('--quiet')

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig()
} catch (err) {
  if (!(err instanceof ConfigError)) throw err
  process.stderr.write(`${err.message}\n`)
  process.exit(78)
}
const s3 = parseS3Settings(config)
if (!s3.settings) {
  process.stderr.write(`Invalid configuration: ${s3.problems.join('; ')}\n`)
  process.exit(78)
}
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
const target = new S3BlobStore(s3.settings)
try {
  await target.check()
} catch (err) {
  process.stderr.write(`Invalid configuration: S3_BUCKET: ${(err as Error).message}\n`)
  process.exit(78)
}
const report = await copyFolderToStore(config.filesDir, target, {
  dryRun,
  onFile: (key, action) => {
    if (!quiet && action === 'copy') process.stdout.write(`${dryRun ? 'would copy' : 'copied'} ${key}\n`)
  },
})
for (const key of report.ignored) process.stdout.write(`ignored ${key} (not a file key)\n`)
const mb = (report.bytes / 1e6).toFixed(1)
process.stdout.write(
  `${dryRun ? 'Dry run: would copy' : 'Copied'} ${report.copied.length} files (${mb} MB) from ${config.filesDir} to s3://${s3.settings.bucket}; ${report.present.length} already there; ${report.ignored.length} ignored\n`,
)
target.client.destroy()
