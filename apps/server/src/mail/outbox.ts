import type { Language } from '@parti/contract'
import type { DbOrTx } from '../db/client.ts'
import { insertMail } from '../db/repos/mail-outbox.ts'
import { type MailContent, renderMail } from './render.ts'

/**
 * Render a message in the reader's language and put it in the outbox; a mail worker sends it. Never sends
 * inside the request: pass the request's transaction so the mail exists exactly when its change commits.
 */
export async function enqueueMail(
  db: DbOrTx,
  mail: { to: string; userId: string | null; language: Language; content: MailContent },
): Promise<string> {
  const rendered = renderMail(mail.content, mail.language)
  return insertMail(db, {
    userId: mail.userId,
    kind: mail.content.kind,
    language: mail.language,
    to: mail.to,
    replyTo: rendered.replyTo,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
  })
}
