import { RECENT_SIGN_IN_MS } from '@parti/contract'
import { sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { verifyPassword } from '../auth/passwords.ts'
import { SESSIONS_CHANNEL, sessionCache, userEviction } from '../auth/session-cache.ts'
import type { SessionUser } from '../auth/sessions.ts'
import type { Db } from '../db/client.ts'
import {
  deleteUserRows,
  forgetClearedBlobDeletions,
  markBlobDeletion,
  pendingBlobDeletions,
  sessionCreatedAt,
} from '../db/repos/account.ts'
import { findUserById } from '../db/repos/users.ts'
import { AppError } from '../domain/errors.ts'
import type { PaymentService } from '../payments/service.ts'
import type { BlobStore } from '../storage/types.ts'

/**
 * How long a deleted account's folder is watched after its deletion: the longest a job that was running then
 * can still write a result (the worker's job timeout, jobs/worker.ts, plus a lease).
 */
const LATE_WRITER_WINDOW_MS = 20 * 60_000

/**
 * Deleting an account (docs/product.md#data-rights, docs/decisions/0072-account-deletion-reauthentication.md,
 * docs/decisions/0073-account-deletion-order.md): the owner proves it is them, the subscription ends at the
 * payment provider first (nothing is deleted if it does not), then every row goes in one transaction, and the
 * files after the commit; the folder stays listed in blob_deletions until it is certainly empty.
 */
export class AccountDeletion {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly payments: PaymentService,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async delete(session: SessionUser, password: string | undefined): Promise<void> {
    const user = await findUserById(this.db, session.userId)
    if (!user) throw new AppError('unauthorized')
    await this.reauthenticate(session, user.passwordHash, password)
    await this.payments.endAllForDeletion(user.id)
    const counts = await this.db.transaction((tx) => deleteUserRows(tx, user.id))
    // every process drops the user's cached sessions and API keys (events/hub.ts listens)
    sessionCache.deleteWhere((u) => u.userId === user.id)
    await this.db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${userEviction(user.id)})`)
    this.log.info({ userId: user.id, rows: counts }, 'account deleted')
    await this.sweep()
  }

  /**
   * A password account sends its current password; one without a password (Google, Apple) must have signed in
   * within RECENT_SIGN_IN_MS in this browser session.
   */
  private async reauthenticate(session: SessionUser, hash: string | null, password: string | undefined) {
    if (hash) {
      if (!password)
        throw new AppError('validation_failed', 'Please enter your current password', {
          reason: 'password_required',
          field: 'password',
        })
      if (!(await verifyPassword(password, hash)))
        throw new AppError('forbidden', 'The password is not correct', { reason: 'wrong_password' })
      return
    }
    const signedInAt = await sessionCreatedAt(this.db, session.sessionId)
    if (!signedInAt || this.now().getTime() - signedInAt.getTime() > RECENT_SIGN_IN_MS)
      throw new AppError('forbidden', 'Please sign in again, then delete your account within 10 minutes', {
        reason: 'sign_in_again',
      })
  }

  /** Empty the folders waiting in blob_deletions (sweepBlobDeletions). */
  sweep(): Promise<void> {
    return sweepBlobDeletions(this.db, this.blobs, this.log, this.now())
  }
}

/**
 * Empty the folders waiting in blob_deletions (a deleted account's, a failed job's): each right away, and once
 * more after LATE_WRITER_WINDOW_MS; a failure (the store refusing) is logged and left for the next sweep. Run
 * after every account deletion and on a timer in each API process (runtime.ts).
 */
export async function sweepBlobDeletions(db: Db, blobs: BlobStore, log: Logger, now = new Date()) {
  for (const row of await pendingBlobDeletions(db)) {
    const windowEnd = row.createdAt.getTime() + LATE_WRITER_WINDOW_MS
    const due = !row.clearedAt || (now.getTime() > windowEnd && row.clearedAt.getTime() <= windowEnd)
    if (!due) continue
    try {
      await blobs.deletePrefix(row.prefix)
      await markBlobDeletion(db, row.prefix, { cleared: true })
    } catch (err) {
      log.error({ err, prefix: row.prefix, attempts: row.attempts + 1 }, 'could not delete files')
      await markBlobDeletion(db, row.prefix, { cleared: false, error: String(err) })
    }
  }
  await forgetClearedBlobDeletions(db, LATE_WRITER_WINDOW_MS)
}
