import { eq, sql } from 'drizzle-orm'
import type { SessionUser } from '../auth/sessions.ts'
import type { Database, Tx } from '../db/client.ts'
import { holdForJob, holdForRequest } from '../db/repos/credits.ts'
import { emitUserEvent } from '../db/repos/events.ts'
import { generations, users } from '../db/schema.ts'
import { AppError } from '../domain/errors.ts'
import { classify } from '../domain/jobs.ts'
import { priorityFor, subscriptionIsActive } from '../domain/priority.ts'
import { recipeOf } from '../kinds/recipe.ts'
import type { NewJob } from '../kinds/types.ts'
import { uuidv7 } from '../lib/ids.ts'
import type { StorageService } from '../storage/service.ts'
import { type GenerationRow, JOBS_CHANNEL } from './queue.ts'
import { toGeneration } from './serialize.ts'

/**
 * Accept jobs: the hold on their price and the job rows commit in one transaction
 * (docs/decisions/0062-credits-held-then-captured.md), so a short balance creates nothing (402
 * with required and available) and concurrent requests can never overspend. Workers are woken by NOTIFY as
 * the transaction commits.
 */
export async function createJobs(
  database: Database,
  storage: StorageService,
  session: SessionUser,
  jobs: NewJob[],
  options: {
    maxAttempts: number
    batchId?: string | null
    /**
     * hold the jobs' total once, under batchId, each job settling its own share as it ends (variations:
     * docs/decisions/0097-variations-one-hold-many-jobs.md); otherwise each job holds its own price
     */
    holdTogether?: boolean
    /** the ledger's description of a shared hold (a whole listing's); the first job's kind when absent */
    holdDescription?: string
    /** the project the results land in (docs/decisions/0104-projects-own-their-generations.md), checked by the caller */
    projectId?: string | null
    /** more writes that must commit with the jobs (e.g. the chat message that asked for them) */
    onCreated?: (tx: Tx, rows: GenerationRow[]) => Promise<void>
  },
): Promise<GenerationRow[]> {
  const total = jobs.reduce((n, j) => n + j.cost, 0)
  const together = options.holdTogether && options.batchId ? options.batchId : null
  // report the whole request's price, not the one job that tipped it over
  const holdOrExplain = async (hold: () => Promise<unknown>, spentSoFar: number) => {
    try {
      await hold()
    } catch (err) {
      if (err instanceof AppError && err.code === 'insufficient_credits') {
        throw new AppError('insufficient_credits', 'Insufficient credits', {
          required: total,
          available: Number(err.details?.available ?? 0) + spentSoFar,
        })
      }
      throw err
    }
  }
  return database.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ plan: users.plan, status: users.subscriptionStatus, end: users.subscriptionEndDate })
      .from(users)
      .where(eq(users.id, session.userId))
    if (!user) throw new AppError('unauthorized')
    const priority = priorityFor(user.plan, subscriptionIsActive(user.status, user.end))
    const rows: GenerationRow[] = []
    const now = Date.now()
    for (const [i, job] of jobs.entries()) {
      const id = uuidv7(now + i)
      const { generationType, type } = classify(job.mode)
      const [row] = await tx
        .insert(generations)
        .values({
          id,
          userId: session.userId,
          type,
          generationType,
          mode: job.mode,
          status: 'pending',
          priority,
          creditsCost: job.cost,
          prompt: job.userPrompt,
          userPrompt: job.userPrompt,
          enhancedPrompt: job.enhancedPrompt,
          negativePrompt: job.negativePrompt ?? null,
          videoPrompt: job.videoPrompt ?? null,
          styleId: job.styleId ?? null,
          colorPaletteId: job.colorPaletteId ?? null,
          payload: {
            v: 1,
            task: job.task,
            ...(job.steps ? { steps: job.steps } : {}),
            ...(job.engine ? { engine: job.engine } : {}),
          },
          inputKeys: job.inputKeys,
          maskKey: job.maskKey ?? null,
          sourceGenerationId: job.sourceGenerationId ?? null,
          batchId: options.batchId ?? null,
          projectId: options.projectId ?? null,
          seed: job.seed ?? null,
          recipe: recipeOf(job) as unknown as Record<string, unknown>,
          metadata: job.metadata,
          maxAttempts: options.maxAttempts,
          createdAt: new Date(now + i),
        })
        .returning()
      if (together && i === 0)
        await holdOrExplain(
          () =>
            holdForRequest(tx, {
              userId: session.userId,
              requestId: together,
              mode: job.mode,
              cost: total,
              ...(options.holdDescription ? { description: options.holdDescription } : {}),
            }),
          0,
        )
      if (!together)
        await holdOrExplain(
          () => holdForJob(tx, { userId: session.userId, generationId: id, mode: job.mode, cost: job.cost }),
          jobs.slice(0, i).reduce((n, j) => n + j.cost, 0),
        )
      await emitUserEvent(tx, session.userId, 'generation.created', toGeneration(row!, storage))
      rows.push(row!)
    }
    await options.onCreated?.(tx, rows)
    await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${String(rows.length)})`)
    return rows
  })
}
