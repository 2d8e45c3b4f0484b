import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  envelope: { from: string; to: string[] }
  raw: string
  parsed: ParsedMail
}

/**
 * A real SMTP server on loopback (the `smtp-server` package): it speaks the protocol nodemailer talks to, and
 * keeps every message it accepts, parsed. `refuse` makes it answer every message with that reply code.
 */
export class SmtpSink {
  readonly messages: ReceivedMail[] = []
  refuse: { code: number; message: string } | null = null
  private server: SMTPServer | null = null
  private waiters: Array<() => void> = []

  constructor(public port = 0) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          if (this.refuse) {
            const err = Object.assign(new Error(this.refuse.message), { responseCode: this.refuse.code })
            return callback(err)
          }
          const raw = Buffer.concat(chunks).toString('utf8')
          simpleParser(raw).then(
            (parsed) => {
              this.messages.push({
                envelope: {
                  from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                  to: session.envelope.rcptTo.map((r) => r.address),
                },
                raw,
                parsed,
              })
              for (const w of this.waiters.splice(0)) w()
              callback()
            },
            (err: Error) => callback(err),
          )
        })
      },
    })
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject)
      this.server!.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.port = (this.server.server.address() as { port: number }).port
    return this
  }

  async stop(): Promise<void> {
    const s = this.server
    this.server = null
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()))
  }

  /** The first message to `to` (and matching `match`), waiting up to `timeoutMs` for it to arrive. */
  async waitFor(
    to: string,
    match: (m: ReceivedMail) => boolean = () => true,
    timeoutMs = 15_000,
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.messages.find((m) => m.envelope.to.includes(to) && match(m))
      if (found) return found
      const left = deadline - Date.now()
      if (left <= 0)
        throw new Error(`no mail to ${to} within ${timeoutMs} ms (${this.messages.length} received)`)
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 500))
        this.waiters.push(() => {
          clearTimeout(t)
          resolve()
        })
      })
    }
  }
}

/** The link of a mailed action (`…/reset-password#token=…`) from a message's plain text. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const m = new RegExp(`https?://\\S+${path.replace(/[/]/g, '\\/')}#token=[A-Za-z0-9_-]+`).exec(
    mail.parsed.text ?? '',
  )
  if (!m) throw new Error(`no ${path} link in: ${mail.parsed.text}`)
  return m[0]
}

export const tokenOf = (link: string): string =>
  new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? ''
