import type { Db } from '../db/client.ts'
import { changeCredits } from '../db/repos/credits.ts'
import { findOwnGeneration } from '../db/repos/generations.ts'
import { generations } from '../db/schema.ts'
import { AppError, notFound } from '../domain/errors.ts'
import { uuidv7 } from '../lib/ids.ts'

// What the browser end-to-end suite's test routes do (http/test-routes.ts, mounted only with
// ENABLE_TEST_ROUTES=true), always on the signed-in user's own account.

/** Credits for scenarios that need more than the free ones, written to the ledger like any adjustment. */
export function grantTestCredits(db: Db, userId: string, credits: number): Promise<number> {
  return db.transaction((tx) =>
    changeCredits(tx, {
      userId,
      amount: credits,
      kind: 'adjustment',
      description: 'Test grant (end-to-end suite)',
    }),
  )
}

/**
 * `count` copies of one of the user's finished results, older than it, one second apart, sharing its files:
 * a scenario about paging through 150 results should not spend two minutes of CPU rendering them.
 */
export async function copyFinishedResult(
  db: Db,
  userId: string,
  id: string,
  count: number,
): Promise<string[]> {
  const source = await findOwnGeneration(db, userId, id).catch(() => null)
  if (!source) throw notFound()
  if (source.status !== 'completed') throw new AppError('conflict', 'Copy a finished result')
  const base = source.createdAt.getTime()
  const now = new Date()
  const rows = Array.from({ length: count }, (_, i) => {
    const createdAt = new Date(base - (i + 1) * 1000)
    return {
      ...source,
      id: uuidv7(createdAt.getTime()),
      favorite: false,
      userPrompt: `${source.userPrompt} (copy ${i + 1})`,
      batchId: null,
      createdAt,
      startedAt: createdAt,
      completedAt: createdAt,
      updatedAt: now,
    }
  })
  for (let i = 0; i < rows.length; i += 200) await db.insert(generations).values(rows.slice(i, i + 200))
  return rows.map((r) => r.id)
}
