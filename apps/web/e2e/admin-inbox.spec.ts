import type { Page } from '@playwright/test'
import { dismissConsent, expect, PASSWORD, test } from './fixtures'

// docs/admin.md#inbox: an admin answers a demo request from the inbox; the answer is queued as a mail in the
// sender's language and the request leaves the open list.
const ADMIN = 'admin@parti.test'

async function signInAsAdmin(page: Page) {
  const up = await page.request.post('/api/auth/sign-up', { data: { email: ADMIN, password: PASSWORD } })
  if (up.status() === 201) return
  const r = await page.request.post('/api/auth/sign-in', { data: { email: ADMIN, password: PASSWORD } })
  if (!r.ok()) throw new Error(`admin sign-in failed: ${r.status()}`)
}

test('an admin answers a demo request from the inbox, by mail in the sender’s language', async ({
  page,
  browser,
}) => {
  const subject = `Book a demo ${Math.random().toString(36).slice(2, 7)}`
  const visitor = await browser.newContext({ locale: 'fr-FR' })
  const sent = await visitor.request.post('/api/contact/messages', {
    data: { name: 'Chloé Martin', email: 'chloe@atelier.test', subject, message: 'Une démo mardi ?' },
    headers: { 'accept-language': 'fr-FR' },
  })
  expect(sent.ok()).toBe(true)
  await visitor.close()

  await dismissConsent(page)
  await signInAsAdmin(page)
  await page.goto('/admin/inbox')
  const item = page.getByTestId('inbox-item').filter({ hasText: subject })
  await expect(item).toContainText('Une démo mardi ?')
  await item.getByTestId('inbox-answer-open').click()
  await item.getByTestId('inbox-answer').fill('Bonjour Chloé, mardi 10 h vous convient ?')
  await item.getByTestId('inbox-send').click()
  await expect(page.getByText('The answer to chloe@atelier.test is on its way.')).toBeVisible()
  // handled: no longer among the open requests, and shown with its answer under Handled
  await expect(page.getByTestId('inbox-item').filter({ hasText: subject })).toHaveCount(0)
  await page.getByTestId('inbox-filter-handled').click()
  await expect(
    page.getByTestId('inbox-item').filter({ hasText: subject }).getByTestId('inbox-reply'),
  ).toContainText('mardi 10 h')
  // the mail waits in the outbox, in French, answering the request
  const outbox = await (await page.request.get('/api/admin/outbox')).json()
  const mail = outbox.items.find(
    (m: { kind: string; subject: string }) => m.kind === 'contact-reply' && m.subject === `Re : ${subject}`,
  )
  expect(mail).toMatchObject({ to: 'chloe@atelier.test', language: 'fr' })
})
