import { z } from 'zod'
import { int, optional, withDefault } from '../lib/env.ts'

/**
 * The mail settings (README configuration, .env.example), part of the one schema checked at start
 * (config.ts). Nothing set: every message is written as an .eml file under DATA_DIR/outbox
 * (docs/decisions/0068-mail-outbox-table.md).
 */
export const MailEnvShape = {
  /** smtp://user:pass@host:587 or smtps://…:465; unset: .eml files in DATA_DIR/outbox */
  SMTP_URL: optional(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).refine((v) => {
      try {
        return new URL(v).hostname !== ''
      } catch {
        return false
      }
    }, 'must name a host'),
  ),
  /** the From of every message, e.g. `Parti <no-reply@example.com>`; required with SMTP_URL */
  MAIL_FROM: optional(
    z
      .string()
      .trim()
      .regex(/^(.*<)?[^\s@<>]+@[^\s@<>]+>?$/, 'must be an address'),
  ),
  /** attempts before a message is marked failed */
  MAIL_MAX_ATTEMPTS: withDefault(int(1, 50), 8),
  /** the first retry's delay; each next one doubles, capped at an hour */
  MAIL_RETRY_SECONDS: withDefault(int(1, 3600), 30),
  /** sent messages older than this are deleted from the outbox; failed and queued ones are kept */
  MAIL_KEEP_DAYS: withDefault(int(1, 3650), 90),
  /** where contact and demo requests are forwarded; unset: no forward (docs/product.md#contact-message) */
  SUPPORT_EMAIL: optional(z.email()),
}

export interface MailSettings {
  transport: { kind: 'smtp'; url: string } | { kind: 'files'; dir: string }
  from: string
  maxAttempts: number
  retryBaseMs: number
  keepDays: number
  supportEmail: string | null
}

export function parseMailSettings(
  e: {
    SMTP_URL?: string | undefined
    MAIL_FROM?: string | undefined
    MAIL_MAX_ATTEMPTS: number
    MAIL_RETRY_SECONDS: number
    MAIL_KEEP_DAYS: number
    SUPPORT_EMAIL?: string | undefined
  },
  where: { outboxDir: string; publicUrl: string },
): { settings: MailSettings; problems: string[] } {
  const problems: string[] = []
  if (e.SMTP_URL && !e.MAIL_FROM) problems.push('MAIL_FROM: required when SMTP_URL is set')
  const host = new URL(where.publicUrl).hostname || 'localhost'
  return {
    problems,
    settings: {
      transport: e.SMTP_URL ? { kind: 'smtp', url: e.SMTP_URL } : { kind: 'files', dir: where.outboxDir },
      from: e.MAIL_FROM ?? `Parti <no-reply@${host}>`,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: e.MAIL_RETRY_SECONDS * 1000,
      keepDays: e.MAIL_KEEP_DAYS,
      supportEmail: e.SUPPORT_EMAIL ?? null,
    },
  }
}
