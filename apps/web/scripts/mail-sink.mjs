// A mail server for the browser suite: a real SMTP server on loopback (the `smtp-server` package) that keeps
// every message it accepts, and a small HTTP endpoint the specs read them from. playwright.config.ts starts it
// before Parti, and points Parti's SMTP_URL at it, so a spec can follow a mailed link as a user would.
// Usage: MAIL_SINK_SMTP_PORT=3211 MAIL_SINK_HTTP_PORT=3212 node apps/web/scripts/mail-sink.mjs
import { createServer } from 'node:http'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 3211)
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 3212)
/** @type {Array<{ to: string[]; subject: string; text: string; html: string; receivedAt: string }>} */
const messages = []

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          receivedAt: new Date().toISOString(),
        })
        callback()
      },
      (err) => callback(err),
    )
  },
})
smtp.listen(smtpPort, '127.0.0.1')

// GET /messages?to=<address>: what that address received, oldest first; GET /health: the sink is up
createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  if (url.pathname === '/health') return res.end('ok')
  if (url.pathname === '/messages') {
    const to = (url.searchParams.get('to') ?? '').toLowerCase()
    res.setHeader('content-type', 'application/json')
    return res.end(JSON.stringify(messages.filter((m) => !to || m.to.includes(to))))
  }
  res.statusCode = 404
  res.end()
}).listen(httpPort, '127.0.0.1')
