import { FAILURES, type FailureReason, type StoredNote } from '@parti/contract'
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm'
import { jobEnded } from '../api-webhooks/repo.ts'
import type { Database, Tx } from '../db/client.ts'
import { scheduleBlobDeletion } from '../db/repos/account.ts'
import { settleHold } from '../db/repos/credits.ts'
import { emitUserEvent, notifyTransient } from '../db/repos/events.ts'
import { generations } from '../db/schema.ts'
import { refundFor } from '../domain/jobs.ts'
import { jobFolder, type StorageService } from '../storage/service.ts'
import { toGeneration } from './serialize.ts'

export const JOBS_CHANNEL = 'parti_jobs'
export type GenerationRow = typeof generations.$inferSelect

/**
 * The queue is the generations table (docs/decisions/0019-generations-table-is-the-queue.md). Every state
 * change is a conditional update that names the worker holding the lease, so a worker that lost its lease (it
 * stalled, another took the job over) can never overwrite the newer outcome.
 */
export class JobQueue {
  constructor(
    private readonly database: Database,
    private readonly storage: StorageService,
    /** runs in the transaction that completes a job (a mail queued with it, mail/video-ready.ts) */
    private readonly onCompleted?: (tx: Tx, row: GenerationRow) => Promise<void>,
  ) {}

  private get db() {
    return this.database.db
  }

  /**
   * Take the most urgent runnable job: the highest priority, then the oldest; a processing job whose lease ran
   * out (its worker died) counts as runnable again while it has attempts left. SKIP LOCKED lets any number of
   * workers claim at once without waiting on each other or taking the same row.
   */
  async claim(workerId: string, leaseSeconds: number): Promise<GenerationRow | null> {
    const rows = await this.database.query<{ id: string }>(
      `update generations g
          set status = 'processing', worker_id = $1, attempts = g.attempts + 1,
              lease_until = now() + make_interval(secs => $2), started_at = coalesce(g.started_at, now()),
              updated_at = now()
        where g.id = (
          select id from generations
           where ((status = 'pending' and run_after <= now())
               or (status = 'processing' and lease_until < now() and attempts < max_attempts))
           order by priority desc, created_at, id
           for update skip locked
           limit 1)
        returning g.id`,
      [workerId, leaseSeconds],
    )
    const id = rows[0]?.id
    if (!id) return null
    const [row] = await this.db.select().from(generations).where(eq(generations.id, id))
    // every status change is an event: browsers and the status cache of every API process follow them
    if (row) await this.db.transaction((tx) => this.emit(tx, row, 'generation.updated'))
    return row ?? null
  }

  /** Keep the job; false when the lease was lost (then the worker must stop working on it). */
  async renewLease(id: string, workerId: string, leaseSeconds: number): Promise<boolean> {
    const r = await this.db
      .update(generations)
      .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(
        and(eq(generations.id, id), eq(generations.workerId, workerId), eq(generations.status, 'processing')),
      )
      .returning({ id: generations.id })
    return r.length === 1
  }

  async reportProgress(row: GenerationRow, workerId: string, progress: number): Promise<void> {
    const p = Math.max(0, Math.min(1, progress))
    await this.db
      .update(generations)
      .set({ progress: p })
      .where(
        and(
          eq(generations.id, row.id),
          eq(generations.workerId, workerId),
          eq(generations.status, 'processing'),
        ),
      )
    await notifyTransient(this.db, row.userId, 'generation.progress', { id: row.id, progress: p })
  }

  /** Record intermediate facts (a finished staging phase) while the job goes on. */
  async saveCheckpoint(id: string, workerId: string, patch: Partial<GenerationRow>): Promise<boolean> {
    const r = await this.db
      .update(generations)
      .set({ ...patch, updatedAt: new Date() })
      .where(
        and(eq(generations.id, id), eq(generations.workerId, workerId), eq(generations.status, 'processing')),
      )
      .returning({ id: generations.id })
    return r.length === 1
  }

  /**
   * Outputs are already stored (blobs before rows); this commits the row that points at them and, in the same
   * transaction, settles the job's hold (docs/product.md#credit-holds): what was delivered is captured, the
   * `release` part (steps that did not deliver) is released. A worker that lost the job writes nothing.
   */
  async complete(
    id: string,
    workerId: string,
    result: Partial<GenerationRow> & { release?: { amount: number; reason: string } },
  ): Promise<GenerationRow | null> {
    const { release, ...patch } = result
    return this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(generations)
        .set({
          ...patch,
          status: 'completed',
          progress: 1,
          completedAt: new Date(),
          updatedAt: new Date(),
          leaseUntil: null,
          error: null,
          errorCode: null,
        })
        .where(
          and(
            eq(generations.id, id),
            eq(generations.workerId, workerId),
            eq(generations.status, 'processing'),
          ),
        )
        .returning()
      if (!done) return null
      const twin = await this.twinOf(tx, done)
      const row = twin
        ? await this.settle(
            tx,
            await this.markTwin(tx, done, twin),
            refundFor(done.creditsCost, done.creditsRefunded),
            `the same picture as variation ${variationNumber(twin)}`,
          )
        : await this.settle(tx, done, release?.amount ?? 0, release?.reason ?? 'not delivered')
      await this.emit(tx, row, 'generation.completed')
      await this.onCompleted?.(tx, row)
      return row
    })
  }

  /**
   * A variation whose picture is byte for byte one a sibling already delivered (an edit with nothing to vary
   * on the local engine, a hosted engine that ignores the seed): the earliest completed sibling with the same
   * output digest, or null (docs/decisions/0107-identical-variations-are-not-charged.md). A lock on the request
   * makes siblings that end together compare one after the other, so of two equal pictures one is charged.
   */
  private async twinOf(tx: Tx, row: GenerationRow): Promise<GenerationRow | null> {
    const digest = row.metadata.outputDigest
    if (!row.batchId || !row.metadata.variation || typeof digest !== 'string') return null
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`variations:${row.batchId}`}))`)
    const [twin] = await tx
      .select()
      .from(generations)
      .where(
        and(
          eq(generations.batchId, row.batchId),
          ne(generations.id, row.id),
          eq(generations.status, 'completed'),
          sql`${generations.metadata}->>'outputDigest' = ${digest}`,
          // a repeat names the picture that was charged, never another repeat: `completedAt` is stamped before
          // the lock is taken, so an earlier stamp is not always the one that compared first
          sql`${generations.metadata}->>'sameAs' is null`,
        ),
      )
      .orderBy(asc(generations.completedAt))
      .limit(1)
    return twin ?? null
  }

  /** The result says which variation it repeats, for the screens (a note) and for API users (`sameAs`). */
  private async markTwin(tx: Tx, row: GenerationRow, twin: GenerationRow): Promise<GenerationRow> {
    const notes = (row.metadata.notes as StoredNote[] | undefined) ?? []
    const note: StoredNote = { id: 'same_as_variation', params: { number: variationNumber(twin) } }
    const [marked] = await tx
      .update(generations)
      .set({ metadata: { ...row.metadata, sameAs: twin.id, notes: [...notes, note] } })
      .where(eq(generations.id, row.id))
      .returning()
    return marked!
  }

  /**
   * End a job as failed and release the hold on what it has not delivered. `workerId` null fails it whoever
   * held it (the sweeper, for jobs out of attempts). `keptCost` is the price of phases whose result the user
   * keeps (captured).
   */
  async fail(
    id: string,
    workerId: string | null,
    failure: { error: string; code: string; reasons?: FailureReason[]; keptCost?: number },
  ): Promise<GenerationRow | null> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(generations).where(eq(generations.id, id)).for('update')
      if (!current || (current.status !== 'processing' && current.status !== 'pending')) return null
      if (workerId !== null && current.workerId !== workerId) return null
      const [failed] = await tx
        .update(generations)
        .set({
          status: 'failed',
          error: failure.error,
          errorCode: failure.code,
          // the reason ids beside the English words, for the screens to translate (docs/decisions/0066-failure-reasons-are-ids.md)
          ...(failure.reasons?.length ? { metadata: { ...current.metadata, failure: failure.reasons } } : {}),
          completedAt: new Date(),
          updatedAt: new Date(),
          leaseUntil: null,
        })
        .where(eq(generations.id, id))
        .returning()
      // what the failed attempts stored (an output whose thumbnail could not be written, a checkpoint) points
      // nowhere now: its folder goes to the blob deletion sweep (docs/decisions/0090-blob-store-refusing-writes.md)
      if (!failure.keptCost) await scheduleBlobDeletion(tx, jobFolder(current.userId, current.id))
      const undelivered = refundFor(current.creditsCost, current.creditsRefunded, failure.keptCost ?? 0)
      const row = await this.settle(
        tx,
        failed!,
        undelivered,
        failure.code === 'cancelled' ? 'cancelled' : 'failed',
      )
      await this.emit(tx, row, 'generation.failed')
      return row
    })
  }

  /**
   * Cancel a job no worker has claimed yet, inside the caller's transaction (the soft delete's): one update
   * that holds only while the job is still pending, so a job claimed in the meantime is left to its worker
   * and neither failed nor refunded under it. Null when there was nothing to cancel.
   */
  async cancelPending(tx: Tx, id: string): Promise<GenerationRow | null> {
    const [cancelled] = await tx
      .update(generations)
      .set({
        status: 'failed',
        error: 'Cancelled',
        errorCode: 'cancelled',
        completedAt: new Date(),
        updatedAt: new Date(),
        leaseUntil: null,
      })
      .where(and(eq(generations.id, id), eq(generations.status, 'pending')))
      .returning()
    if (!cancelled) return null
    // the row is this transaction's now (the update locked it): its release cannot race anything
    const row = await this.settle(
      tx,
      cancelled,
      refundFor(cancelled.creditsCost, cancelled.creditsRefunded),
      'cancelled',
    )
    await this.emit(tx, row, 'generation.failed')
    return row
  }

  /**
   * The job's row has just been ended in `tx` (and is locked by it): settle its hold, capturing all but
   * `undelivered`, and keep the released credits on the row (docs/decisions/0062-credits-held-then-captured.md).
   */
  private async settle(tx: Tx, row: GenerationRow, undelivered: number, reason: string) {
    const { released } = await settleHold(
      tx,
      {
        userId: row.userId,
        generationId: row.id,
        mode: row.mode,
        batchId: row.batchId,
        cost: row.creditsCost,
      },
      undelivered,
      reason,
    )
    if (released === 0) return row
    const [updated] = await tx
      .update(generations)
      .set({ creditsRefunded: sql`${generations.creditsRefunded} + ${released}` })
      .where(eq(generations.id, row.id))
      .returning()
    return updated!
  }

  /** Put a job back for another attempt later (transient failure), keeping its attempt count. */
  async retryLater(id: string, workerId: string, delayMs: number, reason: string): Promise<void> {
    await this.backToPending(id, workerId, {
      runAfter: new Date(Date.now() + delayMs),
      error: reason,
    })
  }

  /** Shutdown: hand a job back untouched; the attempt does not count against it. */
  async release(id: string, workerId: string): Promise<void> {
    await this.backToPending(id, workerId, { attempts: sql`greatest(${generations.attempts} - 1, 0)` })
    await this.database.query(`select pg_notify('${JOBS_CHANNEL}', $1)`, [id])
  }

  private async backToPending(
    id: string,
    workerId: string,
    patch: { runAfter?: Date; error?: string; attempts?: SQL },
  ) {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(generations)
        .set({ ...patch, status: 'pending', workerId: null, leaseUntil: null, updatedAt: new Date() })
        .where(
          and(
            eq(generations.id, id),
            eq(generations.workerId, workerId),
            eq(generations.status, 'processing'),
          ),
        )
        .returning()
      if (row) await this.emit(tx, row, 'generation.updated')
    })
  }

  /**
   * Jobs whose lease ran out with no attempts left (their workers kept dying): fail and refund them, so no job
   * stays in processing.
   */
  async sweepExhausted(): Promise<number> {
    const rows = await this.database.query<{ id: string }>(
      `select id from generations
        where status = 'processing' and lease_until < now() and attempts >= max_attempts
        limit 100`,
    )
    let n = 0
    for (const { id } of rows) {
      const failed = await this.fail(id, null, {
        error: FAILURES.job_stalled,
        code: 'lease_expired',
        reasons: [{ id: 'job_stalled' }],
      })
      if (failed) n++
    }
    return n
  }

  /** The earliest moment a pending job becomes runnable, to sleep until then. */
  async nextRunAt(): Promise<Date | null> {
    const rows = await this.database.query<{ at: Date | string | null }>(
      `select min(run_after) as at from generations where status = 'pending'`,
    )
    const at = rows[0]?.at
    return at ? new Date(at) : null
  }

  private async emit(
    db: Tx,
    row: GenerationRow,
    type: 'generation.completed' | 'generation.failed' | 'generation.updated',
  ) {
    const generation = toGeneration(row, this.storage)
    await emitUserEvent(db, row.userId, type, generation)
    // a job started with a callback: its webhook is due, with the status body, as the job ends (api-webhooks/)
    if (type !== 'generation.updated')
      await jobEnded(db, row.id, JSON.stringify({ generations: [generation] }))
  }
}

/** A variation's number as the screens show it (1 for the first). */
function variationNumber(row: GenerationRow): number {
  return ((row.metadata.variation as { index: number } | undefined)?.index ?? 0) + 1
}
