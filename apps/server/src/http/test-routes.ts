import { IdParams } from '@parti/contract'
import { z } from 'zod'
import type { AppContext } from '../context.ts'
import { changeCredits } from '../db/repos/credits.ts'
import { findOwnGeneration } from '../db/repos/generations.ts'
import { generations } from '../db/schema.ts'
import { AppError, notFound } from '../domain/errors.ts'
import { uuidv7 } from '../lib/ids.ts'
import { authenticated } from './auth-scope.ts'
import type { Api } from './types.ts'

const GrantBody = z.object({ credits: z.number().int().min(1).max(1_000_000) })
const CopiesBody = z.object({ count: z.number().int().min(1).max(1000) })

/**
 * Routes for the browser end-to-end suite, mounted only with ENABLE_TEST_ROUTES=true (its Playwright config
 * sets it; a deployment never does). They act on the signed-in user only:
 * - a credit grant, written to the ledger like any adjustment, for scenarios that need more than the free
 *   200 credits (a video costs 200);
 * - copies of one of the user's own finished results, older than it, one second apart, sharing its files:
 *   a scenario about paging through 150 results should not spend two minutes of CPU rendering them.
 */
export function testRoutes(app: Api, ctx: AppContext): void {
  authenticated(app, ctx.database.db, (api) => securedTestRoutes(api, ctx))
}

function securedTestRoutes(app: Api, ctx: AppContext): void {
  const db = ctx.database.db

  app.post('/test/credits', { schema: { hide: true, body: GrantBody } }, async (req) => {
    const session = req.user
    const credits = await db.transaction((tx) =>
      changeCredits(tx, {
        userId: session.userId,
        amount: req.body.credits,
        kind: 'adjustment',
        description: 'Test grant (end-to-end suite)',
      }),
    )
    return { credits }
  })

  app.post(
    '/test/generations/:id/copies',
    { schema: { hide: true, params: IdParams, body: CopiesBody } },
    async (req) => {
      const session = req.user
      const source = await findOwnGeneration(db, session.userId, req.params.id).catch(() => null)
      if (!source) throw notFound()
      if (source.status !== 'completed') throw new AppError('conflict', 'Copy a finished result')
      const base = source.createdAt.getTime()
      const now = new Date()
      const rows = Array.from({ length: req.body.count }, (_, i) => {
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
      return { ids: rows.map((r) => r.id) }
    },
  )
}
