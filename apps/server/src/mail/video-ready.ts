import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { users } from '../db/schema.ts'
import type { GenerationRow } from '../jobs/queue.ts'
import { enqueueMail } from './outbox.ts'
import { mailLanguage } from './render.ts'

/**
 * "Your video is ready" (docs/product.md#account): a video can take minutes, so a user who asked for it in
 * their account settings gets a mail with a link to it in the gallery. Queued in the transaction that completes
 * the job, so it is sent exactly when the video is there.
 */
export function videoReadyMail(publicUrl: string) {
  return async (tx: DbOrTx, row: GenerationRow): Promise<void> => {
    if (row.type !== 'video') return
    const [user] = await tx
      .select({ email: users.email, language: users.language, notify: users.notifyVideoReady })
      .from(users)
      .where(eq(users.id, row.userId))
    if (!user?.notify) return
    const seconds = Number((row.metadata as { duration?: number } | null)?.duration ?? 0)
    await enqueueMail(tx, {
      to: user.email,
      userId: row.userId,
      language: mailLanguage(user.language),
      content: {
        kind: 'video-ready',
        link: `${publicUrl}/gallery?item=${encodeURIComponent(row.id)}`,
        seconds: Math.round(seconds),
      },
    })
  }
}
