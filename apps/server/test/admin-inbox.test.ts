import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Api } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// docs/admin.md#inbox: contact and demo requests listed, marked handled, answered by mail in the sender's
// language; admins only.
let server: TestServer
let admin: Api
let member: Api

beforeAll(async () => {
  server = await startTestServer({
    env: { ADMIN_EMAILS: 'inbox-admin@parti.test', SUPPORT_EMAIL: 'support@parti.test' },
  })
  admin = new Api(server.url)
  await admin.signUp('inbox-admin@parti.test')
  member = new Api(server.url)
  await member.signUp()
})
afterAll(() => server?.close())

async function send(subject: string, language = 'en') {
  const r = await new Api(server.url).request('POST', '/api/contact/messages', {
    json: { name: 'Ana Costa', email: 'ana@studio.test', subject, message: 'Can we see a demo\nnext week?' },
    headers: { 'accept-language': language },
  })
  expect(r.status).toBeLessThan(300)
}

describe('the admin inbox', () => {
  it('lists requests newest first with how many are open; members and visitors are refused', async () => {
    await send('Book a demo for our studio', 'pt-PT')
    const r = await admin.get('/api/admin/inbox?status=open')
    expect(r.status).toBe(200)
    expect(r.body.open).toBeGreaterThanOrEqual(1)
    const item = r.body.items.find((i: { subject: string }) => i.subject === 'Book a demo for our studio')
    expect(item).toMatchObject({ name: 'Ana Costa', email: 'ana@studio.test', handledAt: null, reply: null })
    expect((await member.get('/api/admin/inbox')).status).toBe(403)
    expect((await new Api(server.url).get('/api/admin/inbox')).status).toBe(401)
    expect((await admin.get('/api/admin/inbox?status=closed')).status).toBe(400)
  })

  it('answers by mail in the sender’s language, quoting the request, and marks it handled', async () => {
    await send('Pricing for five seats', 'pt-PT')
    const list = await admin.get('/api/admin/inbox?status=open')
    const item = list.body.items.find((i: { subject: string }) => i.subject === 'Pricing for five seats')
    expect((await admin.post(`/api/admin/inbox/${item.id}/reply`, { text: '   ' })).status).toBe(400)
    expect((await member.post(`/api/admin/inbox/${item.id}/reply`, { text: 'Hi' })).status).toBe(403)
    const r = await admin.post(`/api/admin/inbox/${item.id}/reply`, { text: 'Olá Ana, claro: terça às 10h?' })
    expect(r.status).toBe(200)
    expect(r.body.item.handledAt).toBeTruthy()
    expect(r.body.item.reply).toBe('Olá Ana, claro: terça às 10h?')

    const outbox = await admin.get('/api/admin/outbox')
    const mail = outbox.body.items.find((m: { kind: string; to: string }) => m.kind === 'contact-reply')
    expect(mail).toMatchObject({
      to: 'ana@studio.test',
      subject: 'RE: Pricing for five seats',
      language: 'pt',
    })
    const full = await admin.get(`/api/admin/outbox/${mail.id}`)
    expect(full.body.item.text).toContain('Olá Ana, claro: terça às 10h?')
    expect(full.body.item.text).toContain('> Can we see a demo\n> next week?')
    expect(full.body.item.text).toContain('Escreveu:')
    // handled requests leave the open list
    const open = await admin.get('/api/admin/inbox?status=open')
    expect(open.body.items.some((i: { id: string }) => i.id === item.id)).toBe(false)
  })

  it('marks handled and opens again; an unknown request is 404', async () => {
    await send('A question about licences')
    const list = await admin.get('/api/admin/inbox?status=open')
    const item = list.body.items.find((i: { subject: string }) => i.subject === 'A question about licences')
    const done = await admin.post(`/api/admin/inbox/${item.id}/handled`, { handled: true })
    expect(done.body.item.handledAt).toBeTruthy()
    const again = await admin.post(`/api/admin/inbox/${item.id}/handled`, { handled: false })
    expect(again.body.item.handledAt).toBeNull()
    const missing = await admin.post('/api/admin/inbox/0195b8a0-0000-7000-8000-000000000000/handled', {
      handled: true,
    })
    expect(missing.status).toBe(404)
  })
})
