import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { assertKey, type BlobStore, contentTypeOf } from './types.ts'

export interface MoveReport {
  /** copied now (or, in a dry run, that would be) */
  copied: string[]
  /** already in the bucket with the same size: keys never change content, so the same size is the same file */
  present: string[]
  /** names no key can have (a write in progress, a stray file): left alone */
  ignored: string[]
  bytes: number
}

/**
 * Copy the local folder (DATA_DIR/files) into another blob store under the same keys, for the switch to
 * BLOB_STORE=s3 (README: Past one machine). Idempotent: run it again after an interruption, or once more
 * right before the switch to pick up files written meanwhile. The folder is left as it is.
 */
export async function copyFolderToStore(
  root: string,
  target: BlobStore,
  options: {
    dryRun?: boolean
    concurrency?: number
    onFile?: (key: string, action: 'copy' | 'present') => void
  } = {},
): Promise<MoveReport> {
  const report: MoveReport = { copied: [], present: [], ignored: [], bytes: 0 }
  let entries: Array<{ name: string; parentPath: string; isFile(): boolean }>
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return report
    throw err
  }
  const keys: string[] = []
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const key = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/')
    try {
      if (entry.name.endsWith('.tmp')) throw new Error('a write in progress')
      assertKey(key)
      keys.push(key)
    } catch {
      report.ignored.push(key)
    }
  }
  keys.sort()
  let next = 0
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!
      const path = join(root, key)
      const size = (await stat(path)).size
      const there = await target.head(key)
      if (there && there.size === size) {
        report.present.push(key)
        options.onFile?.(key, 'present')
        continue
      }
      if (!options.dryRun) await target.put(key, await readFile(path), contentTypeOf(key))
      report.copied.push(key)
      report.bytes += size
      options.onFile?.(key, 'copy')
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker))
  report.copied.sort()
  report.present.sort()
  return report
}
