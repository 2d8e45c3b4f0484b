import { z } from 'zod'
import { MIN_PASSWORD_LENGTH, TEXT_LIMITS } from './constants.ts'
import { Language } from './enums.ts'

// The account's mail-backed flows (docs/product.md#account): verifying the address, resetting a forgotten
// password by a link, changing the password or the address, signing out everywhere.

/** How long a mailed link works (docs/decisions/0069-single-use-mailed-links.md). */
export const ACCOUNT_LINK_TTL_MINUTES = {
  'verify-email': 3 * 24 * 60,
  'password-reset': 60,
  'email-change': 24 * 60,
} as const
export const ACCOUNT_LINK_PURPOSES = ['verify-email', 'password-reset', 'email-change'] as const
export type AccountLinkPurpose = (typeof ACCOUNT_LINK_PURPOSES)[number]

/** The web pages a mailed link opens, with `#token=` (a fragment: never sent to a server, never logged). */
export const ACCOUNT_LINK_PATHS: Record<AccountLinkPurpose, string> = {
  'verify-email': '/verify-email',
  'password-reset': '/reset-password',
  'email-change': '/confirm-email',
}

/** The sign-in providers an account may be linked to, as the provider message names them. */
export const SIGN_IN_PROVIDERS = ['google', 'apple'] as const
export const SignInProvider = z.enum(SIGN_IN_PROVIDERS)
export type SignInProvider = z.infer<typeof SignInProvider>

const Password = z.string().min(MIN_PASSWORD_LENGTH).max(200)
const Token = z.string().trim().min(20).max(200)

export const PasswordResetRequest = z.object({
  email: z.string().trim().max(TEXT_LIMITS.email),
  /** the language the page is in: the mail's language when the account has none stored */
  language: Language.optional(),
})
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>

export const PasswordResetConfirm = z.object({ token: Token, password: Password })
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirm>

export const AccountTokenRequest = z.object({ token: Token })
export type AccountTokenRequest = z.infer<typeof AccountTokenRequest>

export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: Password,
})
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>

export const ChangeEmailRequest = z.object({
  email: z.email().max(TEXT_LIMITS.email),
  /** required when the account has a password */
  currentPassword: z.string().max(200).optional(),
})
export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequest>

export const LanguageRequest = z.object({ language: Language })
/** PUT /account/notifications: which optional mails the user wants */
export const NotificationsRequest = z.object({ videoReady: z.boolean() })
export type LanguageRequest = z.infer<typeof LanguageRequest>

export const AccountInfo = z
  .object({
    email: z.string(),
    emailVerified: z.boolean(),
    hasPassword: z.boolean(),
    providers: z.array(SignInProvider),
    /** an address change waiting for its confirmation link, if any */
    pendingEmail: z.string().nullable(),
    language: Language.nullable(),
    /** mail when a video is ready (opt-in; docs/product.md#account) */
    notifyVideoReady: z.boolean(),
  })
  .meta({ id: 'AccountInfo' })
export type AccountInfo = z.infer<typeof AccountInfo>
export const AccountResponse = z.object({ account: AccountInfo })

export const AcceptedResponse = z.object({ accepted: z.literal(true) })

// ----- the mail outbox, as administrators see it (docs/admin.md#outbox)

export const MAIL_KINDS = [
  'verify-email',
  'password-reset',
  'video-ready',
  'email-change',
  'email-change-notice',
  'contact-forward',
  'contact-reply',
  'payment-receipt',
  'subscription-renewed',
  'subscription-cancelled',
  'subscription-ended',
] as const
export const MailKind = z.enum(MAIL_KINDS)
export type MailKind = z.infer<typeof MailKind>

/**
 * Mails whose link carries a single-use token that expires within hours: sending one again later would deliver
 * a dead link, so the outbox never resends them; the user asks for a new one (docs/admin.md#outbox).
 */
export const MAIL_KINDS_WITH_EXPIRING_LINKS = [
  'verify-email',
  'password-reset',
  'email-change',
] as const satisfies readonly MailKind[]
export const mailCanBeResent = (kind: MailKind): boolean =>
  !(MAIL_KINDS_WITH_EXPIRING_LINKS as readonly MailKind[]).includes(kind)

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const
export const MailStatus = z.enum(MAIL_STATUSES)
export type MailStatus = z.infer<typeof MailStatus>

export const OutboxItem = z
  .object({
    id: z.string(),
    kind: MailKind,
    to: z.string(),
    subject: z.string(),
    language: z.string(),
    status: MailStatus,
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    nextAttemptAt: z.string(),
    /** failed, and not a mail whose link has expired since: an administrator may send it again */
    resendable: z.boolean(),
  })
  .meta({ id: 'OutboxItem' })
export type OutboxItem = z.infer<typeof OutboxItem>

export const OutboxQuery = z.object({
  status: MailStatus.optional(),
  /** the `createdAt|id` of the last item of the previous page */
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})
export const OutboxResponse = z.object({ items: z.array(OutboxItem), nextCursor: z.string().nullable() })
export type OutboxResponse = z.infer<typeof OutboxResponse>
export const OutboxMessageResponse = z.object({
  item: OutboxItem.extend({ text: z.string(), html: z.string(), messageId: z.string().nullable() }),
})
export type OutboxMessageResponse = z.infer<typeof OutboxMessageResponse>
