import { createHash } from 'node:crypto'
import type { DbOrTx } from '../db/client.ts'
import { cachedFaceCount, saveFaceCount } from '../db/repos/face-checks.ts'
import { madeFromPrivacy } from '../db/repos/projects.ts'
import { AppError } from '../domain/errors.ts'
import { type ExportEntry, type ExportReason, type FileFaces, privacyReasons } from '../domain/mls-export.ts'
import type { GenerationRow } from '../jobs/queue.ts'
import { detectFaces, FACE_DETECTOR } from '../lib/faces.ts'
import type { BlobStore } from '../storage/types.ts'

// A board requiring privacy (docs/decisions/0121-boards-requiring-privacy.md): each exported file is made from a
// privacy blur, replaced by a blur of it made in the project, or shows no face to the detector.

/** How many faces a file shows, or null when the detector cannot run here. */
export interface FaceCounter {
  count(bytes: Buffer): Promise<number | null>
}

/**
 * The detector's answer kept per file's SHA-256 and detector id: a second export of the same files reads the
 * table instead of running the model again (about a second a photo on one core).
 */
export function cachedFaceCounter(db: DbOrTx, detect = detectFaces): FaceCounter {
  return {
    async count(bytes) {
      const digest = createHash('sha256').update(bytes).digest('hex')
      const cached = await cachedFaceCount(db, digest, FACE_DETECTOR)
      if (cached !== null) return cached
      const faces = await detect(bytes)
      if (!faces) return null
      await saveFaceCount(db, digest, FACE_DETECTOR, faces.length)
      return faces.length
    },
  }
}

export interface PrivacyChecked {
  /** the plan's entries, a blurred copy in place of each file a privacy blur in the project was made from */
  entries: ExportEntry[]
  reasons: ExportReason[]
}

export class PrivacyCheck {
  constructor(
    private readonly db: DbOrTx,
    private readonly storage: { readonly blobs: BlobStore },
    private readonly faces: FaceCounter,
  ) {}

  /** `rows`: the project's generations, oldest first (the newest blur of a file wins). */
  async check(
    userId: string,
    entries: readonly ExportEntry[],
    rows: readonly GenerationRow[],
  ): Promise<PrivacyChecked> {
    const madeBy = [...new Set(entries.flatMap((e) => (e.madeBy ? [e.madeBy] : [])))]
    const blurred = await madeFromPrivacy(this.db, userId, madeBy)
    const blurOf = new Map<string, GenerationRow>()
    for (const r of rows)
      if (r.mode === 'privacy' && r.status === 'completed' && r.outputImageKey && r.inputKeys[0])
        blurOf.set(r.inputKeys[0], r)
    const facts = new Map<string, FileFaces>()
    const counted = new Map<string, number | null>()
    const out: ExportEntry[] = []
    for (const entry of entries) {
      const copy = blurOf.get(entry.key)
      if (entry.madeBy && blurred.has(entry.madeBy)) {
        facts.set(entry.file, { cleared: true })
        out.push(entry)
      } else if (copy) {
        facts.set(entry.file, { cleared: true })
        out.push({ ...entry, key: copy.outputImageKey!, blurredBy: copy.id })
      } else {
        if (!counted.has(entry.key)) counted.set(entry.key, await this.count(entry))
        facts.set(entry.file, { faces: counted.get(entry.key)! })
        out.push(entry)
      }
    }
    return { entries: out, reasons: privacyReasons(entries, facts) }
  }

  private async count(entry: ExportEntry): Promise<number | null> {
    const bytes = await this.storage.blobs.get(entry.key)
    if (!bytes) throw new AppError('conflict', `A file of this project is missing: ${entry.file}`)
    return this.faces.count(bytes)
  }
}
