import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'
import type { MailSettings } from './config.ts'
import type { MailMessage } from './render.ts'

/** Delivers one rendered message, or throws (the reason is kept in the outbox's `last_error`). */
export interface Mailer {
  readonly kind: 'smtp' | 'files'
  send(message: MailMessage & { id: string }): Promise<{ messageId: string }>
  close(): void
}

/** One line saying why a delivery failed: the server's reply code and words, or the network error. */
export function describeMailError(err: unknown): string {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string }
  const text = (e.response ?? e.message ?? String(err)).replace(/\s+/g, ' ').trim()
  const code = e.responseCode ?? e.code
  return (code && !text.startsWith(String(code)) ? `${code} ${text}` : text).slice(0, 500)
}

function composeOptions(from: string, m: MailMessage & { id: string }) {
  return {
    from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    ...(m.replyTo ? { replyTo: m.replyTo } : {}),
    // the outbox id travels with the message so a delivered copy can be traced back to its row
    headers: { 'X-Parti-Outbox-Id': m.id },
  }
}

/** SMTP through nodemailer (SMTP_URL): STARTTLS when the server offers it, smtps:// for implicit TLS. */
class SmtpMailer implements Mailer {
  readonly kind = 'smtp'
  private readonly transport: Transporter
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url, {
      // a stuck server must not hold the worker for minutes: the message is retried later instead
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    } as never)
  }
  async send(m: MailMessage & { id: string }) {
    const info = await this.transport.sendMail(composeOptions(this.from, m))
    return { messageId: String(info.messageId ?? '') }
  }
  close() {
    this.transport.close()
  }
}

/**
 * The embedded default (no SMTP_URL): each message becomes an RFC 5322 `.eml` file in DATA_DIR/outbox, which
 * any mail program opens, so a fresh install works with no keys and an operator can still read every mail.
 */
class FileMailer implements Mailer {
  readonly kind = 'files'
  private readonly composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })
  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {}
  async send(m: MailMessage & { id: string }) {
    const info = await this.composer.sendMail(composeOptions(this.from, m))
    await mkdir(this.dir, { recursive: true })
    await writeFile(join(this.dir, `${m.id}.eml`), info.message as Buffer)
    return { messageId: String(info.messageId ?? '') }
  }
  close() {}
}

export function createMailer(settings: MailSettings): Mailer {
  return settings.transport.kind === 'smtp'
    ? new SmtpMailer(settings.transport.url, settings.from)
    : new FileMailer(settings.transport.dir, settings.from)
}
