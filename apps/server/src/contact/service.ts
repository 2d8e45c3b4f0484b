import type { ConsentRequest, ContactRequest } from '@parti/contract'
import type { Db, DbOrTx } from '../db/client.ts'
import { consentRecords, contactMessages } from '../db/schema.ts'
import { uuidv7 } from '../lib/ids.ts'
import type { MailSettings } from '../mail/config.ts'
import { enqueueMail } from '../mail/outbox.ts'

/** What the public forms know about who sent them: a visitor, or a signed-in user, and their browser. */
export interface Sender {
  userId: string | null
  language?: string | null
  userAgent?: string | null
}

/**
 * A message from the contact form (and Book a demo), kept for the team to answer and, when SUPPORT_EMAIL is
 * set, forwarded there by mail in English with Reply-To the sender (docs/product.md#contact-message); the
 * forward is queued in the same transaction as the message.
 */
export async function recordContactMessage(
  db: Db,
  message: ContactRequest,
  from: Sender,
  mail?: Pick<MailSettings, 'supportEmail'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({
      id: uuidv7(),
      userId: from.userId,
      ...message,
      language: from.language?.slice(0, 20) ?? null,
    })
    if (mail?.supportEmail) {
      await enqueueMail(tx, {
        to: mail.supportEmail,
        userId: null,
        language: 'en',
        content: { kind: 'contact-forward', ...message },
      })
    }
  })
}

/**
 * A visitor's cookie choice. The browser keeps it; this record is the proof of consent, kept on our own server
 * rather than with a third-party consent service.
 */
export async function recordConsent(db: DbOrTx, consent: ConsentRequest, from: Sender): Promise<void> {
  await db.insert(consentRecords).values({
    id: uuidv7(),
    userId: from.userId,
    visitorId: consent.visitorId ?? null,
    accepted: consent.accepted,
    categories: consent.categories,
    userAgent: from.userAgent?.slice(0, 300) ?? null,
  })
}
