import {
  LANGUAGES,
  type Language,
  type PlanName,
  RTL_LANGUAGES,
  type SubscriptionType,
} from '@parti/contract'
import { MAIL_TEXTS, type MailTexts } from './locales/index.ts'

/** A message ready to send: what the outbox stores and the Mailer delivers. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** a reply goes here instead of to the sender (the contact form's visitor) */
  replyTo?: string
}

/** What each kind of message says, with the values it is filled with. */
export type MailContent =
  | { kind: 'verify-email'; email: string; link: string }
  | { kind: 'password-reset'; email: string; link: string }
  | { kind: 'email-change'; email: string; link: string }
  | { kind: 'email-change-notice'; email: string }
  | { kind: 'contact-forward'; name: string; email: string; subject: string; message: string }
  /** a video the user started is ready (opt-in, docs/product.md#account) */
  | { kind: 'video-ready'; link: string; seconds: number }
  /** an answer from the admin inbox (docs/admin.md#inbox), quoting the request; `replyTo` the support address */
  | {
      kind: 'contact-reply'
      name: string
      subject: string
      message: string
      reply: string
      replyTo: string | null
    }
  /** a one-off credit pack (no plan) or a plan's first period, paid */
  | { kind: 'payment-receipt'; credits: number; amountCents: number; plan?: PaidPlan }
  | { kind: 'subscription-renewed'; credits: number; amountCents: number; plan: PaidPlan }
  | { kind: 'subscription-cancelled'; plan: PaidPlan; endsAt: Date }
  | { kind: 'subscription-ended'; plan: PaidPlan }

interface PaidPlan {
  name: PlanName
  billingType: SubscriptionType
}

/** Plan names are product names, the same in every language (docs/decisions/0002-product-name.md). */
const PLAN_NAMES: Record<PlanName, string> = { lite: 'Lite', standard: 'Standard', pro: 'Pro' }

/**
 * A message as an administrator may read it: the tokens of its links are cut out, so reading the outbox never
 * lets anyone reset a password or confirm an address (docs/decisions/0069-single-use-mailed-links.md).
 */
export const redactLinks = (s: string): string => s.replace(/([?&#]token=)[A-Za-z0-9_-]+/g, '$1…')

/** The language of a stored choice, English when there is none or it is not one of the seven. */
export const mailLanguage = (value: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en'

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '')

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

interface Parts {
  subject: string
  paragraphs: string[]
  action?: { label: string; link: string }
  after: string[]
}

function partsOf(content: MailContent, t: MailTexts, language: Language): Parts {
  const money = (cents: number) =>
    new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100)
  const count = (n: number) => new Intl.NumberFormat(language).format(n)
  switch (content.kind) {
    case 'payment-receipt': {
      const values = {
        credits: count(content.credits),
        amount: money(content.amountCents),
        plan: content.plan ? PLAN_NAMES[content.plan.name] : '',
        period: content.plan ? t.receipt[content.plan.billingType] : '',
      }
      return {
        subject: t.receipt.subject,
        paragraphs: [t.greeting, fill(content.plan ? t.receipt.plan : t.receipt.credits, values)],
        after: [t.receipt.note],
      }
    }
    case 'subscription-renewed': {
      const values = {
        plan: PLAN_NAMES[content.plan.name],
        credits: count(content.credits),
        amount: money(content.amountCents),
      }
      return {
        subject: fill(t.renewed.subject, values),
        paragraphs: [t.greeting, fill(t.renewed.body, values)],
        after: [t.receipt.note],
      }
    }
    case 'subscription-cancelled': {
      const values = {
        plan: PLAN_NAMES[content.plan.name],
        date: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
          content.endsAt,
        ),
      }
      return {
        subject: fill(t.cancelled.subject, values),
        paragraphs: [t.greeting, fill(t.cancelled.body, values)],
        after: [],
      }
    }
    case 'subscription-ended': {
      const values = { plan: PLAN_NAMES[content.plan.name] }
      return {
        subject: fill(t.ended.subject, values),
        paragraphs: [t.greeting, fill(t.ended.body, values)],
        after: [],
      }
    }
    case 'verify-email':
    case 'password-reset':
    case 'email-change': {
      const texts =
        content.kind === 'verify-email'
          ? t.verifyEmail
          : content.kind === 'password-reset'
            ? t.passwordReset
            : t.emailChange
      return {
        subject: texts.subject,
        paragraphs: [t.greeting, fill(texts.intro, { email: content.email })],
        action: { label: texts.action, link: content.link },
        after: [texts.expiry, t.ignore],
      }
    }
    case 'email-change-notice':
      return {
        subject: t.emailChangeNotice.subject,
        paragraphs: [t.greeting, fill(t.emailChangeNotice.body, { email: content.email })],
        after: [],
      }
    case 'contact-forward':
      return {
        subject: fill(t.contactForward.subject, { subject: content.subject }),
        paragraphs: [fill(t.contactForward.intro, content), content.message],
        after: [],
      }
    case 'video-ready':
      return {
        subject: t.videoReady.subject,
        paragraphs: [t.greeting, fill(t.videoReady.body, { seconds: count(content.seconds) })],
        action: { label: t.videoReady.action, link: content.link },
        after: [t.videoReady.why],
      }
    case 'contact-reply':
      return {
        subject: fill(t.contactReply.subject, { subject: content.subject }),
        paragraphs: [fill(t.contactReply.hello, { name: content.name }), content.reply],
        after: [`${t.contactReply.quote}\n${content.message.replace(/^/gm, '> ')}`],
      }
  }
}

/**
 * A message in the reader's language, as plain text and a simple HTML page (right to left for Arabic). The
 * words come from the server's own catalogue (mail/locales), the same seven languages as the web.
 */
export function renderMail(content: MailContent, language: Language): Omit<MailMessage, 'to'> {
  const t = MAIL_TEXTS[language]
  const p = partsOf(content, t, language)
  const text = [
    ...p.paragraphs,
    ...(p.action ? [`${p.action.label}:\n${p.action.link}`] : []),
    ...p.after,
    t.signature,
  ].join('\n\n')
  const dir = RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr'
  const para = (s: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`
  const action = p.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(p.action.link)}" style="display:inline-block;background:#111;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(p.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(t.linkHint)}<br><span dir="ltr">${escapeHtml(p.action.link)}</span></p>`
    : ''
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(p.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f4;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#111">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
${p.paragraphs.map(para).join('\n')}
${action}
${p.after.map(para).join('\n')}
<p style="margin:24px 0 0;color:#555">${escapeHtml(t.signature)}</p>
</div></body></html>
`
  return {
    subject: p.subject,
    text,
    html,
    ...(content.kind === 'contact-forward' ? { replyTo: content.email } : {}),
    ...(content.kind === 'contact-reply' && content.replyTo ? { replyTo: content.replyTo } : {}),
  }
}
