import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findMail, pruneSentMail, sweepExhaustedMail } from '../src/db/repos/mail-outbox.ts'
import { mailOutbox } from '../src/db/schema.ts'
import { enqueueMail } from '../src/mail/outbox.ts'
import { freePort } from './helpers/browser.ts'
import { Api } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'
import { SmtpSink } from './helpers/smtp.ts'

// apps/server/src/mail/README.md, docs/decisions/0068-mail-outbox-table.md: the outbox against a real SMTP
// server on loopback, and the .eml files of the embedded default.

let server: TestServer
let sink: SmtpSink

beforeAll(async () => {
  sink = await new SmtpSink(await freePort()).start()
  server = await startTestServer({
    env: {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Parti <no-reply@parti.test>',
      MAIL_MAX_ATTEMPTS: '4',
      MAIL_RETRY_SECONDS: '1',
      ADMIN_EMAILS: 'postmaster@parti.test',
    },
  })
})
afterAll(async () => {
  await server.close()
  await sink.stop()
})

async function signedIn(email: string): Promise<Api> {
  const api = new Api(server.url)
  await api.signUp(email)
  return api
}

const enqueue = (to: string, language: 'en' | 'fr' | 'ar' = 'en') =>
  enqueueMail(server.ctx.database.db, {
    to,
    userId: null,
    language,
    content: { kind: 'password-reset', email: to, link: 'http://localhost:3000/reset-password?token=abc' },
  })

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = await read()
    if (ok(v)) return v
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
const row = (id: string) => findMail(server.ctx.database.db, id)

describe('mail over SMTP', () => {
  it('delivers the message with its headers, in the reader language, as text and HTML', async () => {
    const to = 'reader@studio.test'
    const id = await enqueue(to, 'fr')
    const mail = await sink.waitFor(to)
    expect(mail.envelope).toEqual({ from: 'no-reply@parti.test', to: [to] })
    expect(mail.parsed.from?.value).toEqual([{ name: 'Parti', address: 'no-reply@parti.test' }])
    expect(mail.parsed.subject).toBe('Réinitialisez votre mot de passe Parti')
    expect(mail.parsed.headers.get('x-parti-outbox-id')).toBe(id)
    expect(mail.parsed.text).toContain('Choisir un nouveau mot de passe')
    expect(mail.parsed.text).toContain('http://localhost:3000/reset-password?token=abc')
    expect(mail.parsed.html).toContain('<html lang="fr" dir="ltr">')
    expect(mail.parsed.html).toContain('href="http://localhost:3000/reset-password?token=abc"')
    const sent = await until(
      () => row(id),
      (r) => r?.status === 'sent',
    )
    expect(sent).toMatchObject({ attempts: 1, lastError: null, messageId: mail.parsed.messageId })
    expect(sent?.sentAt).toBeInstanceOf(Date)
  })

  it('retries a message the server refuses (5xx) with growing delays, then marks it failed with the reason', async () => {
    sink.refuse = { code: 550, message: 'Mailbox unavailable' }
    try {
      const started = Date.now()
      const id = await enqueue('refused@studio.test')
      const seen: number[] = []
      const failed = await until(
        async () => {
          const r = await row(id)
          if (r && !seen.includes(r.attempts)) seen.push(r.attempts)
          return r
        },
        (r) => r?.status === 'failed',
      )
      expect(failed?.attempts).toBe(4)
      expect(failed?.lastError).toMatch(/^550 .*Mailbox unavailable/)
      // three waits of about 1, 2 and 4 s (±20%) between the four attempts
      expect(Date.now() - started).toBeGreaterThan(0.8 * 7000)
      expect(sink.messages.some((m) => m.envelope.to.includes('refused@studio.test'))).toBe(false)
    } finally {
      sink.refuse = null
    }
  })

  it('keeps a message while the server is down and delivers it once the server is back', async () => {
    const port = sink.port
    await sink.stop()
    const id = await enqueue('patient@studio.test')
    const waiting = await until(
      () => row(id),
      (r) => (r?.attempts ?? 0) >= 2 && r?.status === 'queued',
    )
    expect(waiting?.lastError).toMatch(/ECONNREFUSED/)
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 1000)
    sink = await new SmtpSink(port).start()
    const mail = await sink.waitFor('patient@studio.test')
    expect(mail.parsed.headers.get('x-parti-outbox-id')).toBe(id)
    const sent = await until(
      () => row(id),
      (r) => r?.status === 'sent',
    )
    expect(sent?.attempts).toBeGreaterThanOrEqual(3)
    expect(sent?.lastError).toBeNull()
  })
})

describe('the outbox kept by administrators (docs/admin.md#outbox)', () => {
  const receipt = (to: string) =>
    enqueueMail(server.ctx.database.db, {
      to,
      userId: null,
      language: 'en',
      content: { kind: 'payment-receipt', credits: 100, amountCents: 1000 },
    })

  it('sends a failed receipt again when an administrator asks, and never a mail whose link has expired', async () => {
    const admin = await signedIn('postmaster@parti.test')
    const member = await signedIn('member@studio.test')
    sink.refuse = { code: 550, message: 'Mailbox unavailable' }
    let receiptId: string
    let resetId: string
    try {
      receiptId = await receipt('late@studio.test')
      resetId = await enqueue('late@studio.test')
      for (const id of [receiptId, resetId])
        await until(
          () => row(id),
          (r) => r?.status === 'failed',
        )
    } finally {
      sink.refuse = null
    }
    const list = await admin.get('/api/admin/outbox?status=failed&limit=100')
    expect(list.status, JSON.stringify(list.body)).toBe(200)
    const flags = Object.fromEntries(
      list.body.items.map((i: { id: string; resendable: boolean }) => [i.id, i.resendable]),
    )
    expect(flags[receiptId]).toBe(true)
    expect(flags[resetId]).toBe(false)

    expect((await member.post(`/api/admin/outbox/${receiptId}/resend`, {})).status).toBe(403)
    const refused = await admin.post(`/api/admin/outbox/${resetId}/resend`, {})
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toMatch(/link that has expired/)
    expect((await row(resetId))?.status).toBe('failed')

    const again = await admin.post(`/api/admin/outbox/${receiptId}/resend`, {})
    expect(again.status).toBe(200)
    expect(again.body.item).toMatchObject({
      status: 'queued',
      attempts: 0,
      lastError: null,
      resendable: false,
    })
    const mail = await sink.waitFor('late@studio.test')
    expect(mail.parsed.headers.get('x-parti-outbox-id')).toBe(receiptId)
    const sent = await until(
      () => row(receiptId),
      (r) => r?.status === 'sent',
    )
    expect(sent?.attempts).toBe(1)
    // a sent message is not sent twice, and an unknown one is not found
    expect((await admin.post(`/api/admin/outbox/${receiptId}/resend`, {})).status).toBe(409)
    expect(
      (await admin.post('/api/admin/outbox/0192f1a0-0000-7000-8000-000000000000/resend', {})).status,
    ).toBe(404)
  })

  it('forgets sent messages older than MAIL_KEEP_DAYS, and keeps failed and recent ones', async () => {
    const db = server.ctx.database.db
    const old = await enqueue('old@studio.test')
    await sink.waitFor('old@studio.test')
    await until(
      () => row(old),
      (r) => r?.status === 'sent',
    )
    const failedOld = await enqueue('kept@studio.test')
    await db
      .update(mailOutbox)
      .set({ status: 'failed', sentAt: sql`now() - interval '400 days'` })
      .where(eq(mailOutbox.id, failedOld))
    await db.update(mailOutbox).set({ sentAt: sql`now() - interval '91 days'` }).where(eq(mailOutbox.id, old))
    const recent = await enqueue('recent@studio.test')
    await until(
      () => row(recent),
      (r) => r?.status === 'sent',
    )

    expect(await pruneSentMail(db, 90)).toBe(1)
    expect(await row(old)).toBeNull()
    expect((await row(failedOld))?.status).toBe('failed')
    expect((await row(recent))?.status).toBe('sent')
  })
})

describe('a worker that died mid-send', () => {
  it('leaves a message another worker takes over after its lease, or fails it when no attempts are left', async () => {
    const db = server.ctx.database.db
    const stranded = await enqueue('stranded@studio.test')
    const spent = await enqueue('spent@studio.test')
    await until(
      () => row(stranded),
      (r) => r?.status === 'sent',
    )
    await until(
      () => row(spent),
      (r) => r?.status === 'sent',
    )
    // as if a worker had claimed each and died: still sending, its lease over
    const strand = (id: string, attempts: number) =>
      db
        .update(mailOutbox)
        .set({ status: 'sending', attempts, leaseUntil: new Date(Date.now() - 1000), sentAt: null })
        .where(eq(mailOutbox.id, id))
    await strand(stranded, 1)
    await strand(spent, 4)
    sink.messages.length = 0
    await db.execute(sql`select pg_notify('parti_mail', 'wake')`)
    await sink.waitFor('stranded@studio.test')
    expect(
      await until(
        () => row(stranded),
        (r) => r?.status === 'sent',
      ),
    ).toMatchObject({ attempts: 2 })
    // out of attempts (MAIL_MAX_ATTEMPTS=4 here): never claimed again, failed by the sweep — this one, or the
    // worker's own periodic sweep when a loaded machine let it run first
    if ((await row(spent))?.status === 'sending')
      expect(await sweepExhaustedMail(db, server.ctx.config.mail.maxAttempts)).toBe(1)
    expect(await row(spent)).toMatchObject({ status: 'failed', attempts: 4 })
    expect(sink.messages.some((m) => m.envelope.to.includes('spent@studio.test'))).toBe(false)
  })
})

describe('mail without SMTP (the embedded default)', () => {
  let plain: TestServer
  beforeAll(async () => {
    plain = await startTestServer()
  })
  afterAll(() => plain.close())

  it('writes each message as an .eml file under DATA_DIR/outbox', async () => {
    expect(plain.ctx.config.mail.transport).toEqual({ kind: 'files', dir: join(plain.dataDir, 'outbox') })
    const id = await enqueueMail(plain.ctx.database.db, {
      to: 'offline@studio.test',
      userId: null,
      language: 'ar',
      content: {
        kind: 'verify-email',
        email: 'offline@studio.test',
        link: 'http://localhost/verify-email?token=x',
      },
    })
    const file = join(plain.dataDir, 'outbox', `${id}.eml`)
    const raw = await until(
      () => readFile(file, 'utf8').catch(() => ''),
      (s) => s.length > 0,
    )
    const parsed = await simpleParser(raw)
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('offline@studio.test')
    expect(parsed.from?.value).toEqual([{ name: 'Parti', address: 'no-reply@localhost' }])
    expect(parsed.subject).toBe('أكّد عنوان بريدك الإلكتروني في Parti')
    expect(parsed.html).toContain('dir="rtl"')
    const [stored] = await plain.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
    expect(stored?.status).toBe('sent')
  })
})
