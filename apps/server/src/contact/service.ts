import type { ConsentRequest, ContactRequest } from '@parti/contract'
import type { DbOrTx } from '../db/client.ts'
import { consentRecords, contactMessages } from '../db/schema.ts'
import { uuidv7 } from '../lib/ids.ts'

/** What the public forms know about who sent them: a visitor, or a signed-in user, and their browser. */
export interface Sender {
  userId: string | null
  language?: string | null
  userAgent?: string | null
}

/** A message from the contact form, kept for the team to answer. */
export async function recordContactMessage(db: DbOrTx, message: ContactRequest, from: Sender): Promise<void> {
  await db.insert(contactMessages).values({
    id: uuidv7(),
    userId: from.userId,
    ...message,
    language: from.language?.slice(0, 20) ?? null,
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
