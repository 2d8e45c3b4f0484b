import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../client.ts'
import { faceChecks } from '../schema.ts'

/** How many faces the detector found in the file of this digest, or null when it has not looked yet. */
export async function cachedFaceCount(db: DbOrTx, digest: string, detector: string): Promise<number | null> {
  const [row] = await db
    .select({ faces: faceChecks.faces })
    .from(faceChecks)
    .where(and(eq(faceChecks.digest, digest), eq(faceChecks.detector, detector)))
  return row?.faces ?? null
}

export async function saveFaceCount(db: DbOrTx, digest: string, detector: string, faces: number) {
  await db
    .insert(faceChecks)
    .values({ digest, detector, faces })
    .onConflictDoUpdate({
      target: [faceChecks.digest, faceChecks.detector],
      set: { faces, checkedAt: new Date() },
    })
}
