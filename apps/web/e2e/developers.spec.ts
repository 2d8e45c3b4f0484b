import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { Page } from '@playwright/test'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'

// The API page (docs/product.md#api-page) with job webhooks (docs/product.md#api-webhooks): a new key shows its
// webhook signing secret once, a key gets a default webhook URL, a render started with the key is delivered to
// a receiver on loopback, and the delivery log shows it.

const sketch = readFileSync(new URL('./fixtures/house-sketch.png', import.meta.url))

async function buyPro(page: Page) {
  const start = await page.request.post('/api/user/subscriptions/create', {
    data: { plan: 'pro', billingType: 'monthly' },
  })
  const { sessionId } = await start.json()
  const paid = await page.request.post(`/api/payments/test-checkout/${sessionId}?lang=en`, {
    form: { outcome: 'paid' },
    maxRedirects: 0,
  })
  expect(paid.status()).toBe(303)
}

let receiver: Server
let receiverUrl = ''
const received: string[] = []

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      received.push(String(req.headers['webhook-id']))
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`
})
test.afterAll(() => new Promise<void>((r) => receiver.close(() => r())))

test('a key’s webhook secret, its default webhook URL and the delivery log', async ({ page }) => {
  test.setTimeout(60_000)
  await dismissConsent(page)
  await signUpThroughApi(page)
  await buyPro(page)
  await page.goto('/developers')

  await page.getByTestId('api-key-name').fill('Render farm')
  await page.getByTestId('create-api-key').click()
  const key = (await page.getByTestId('created-key-value').locator('code').textContent())!.trim()
  const secret = page.getByTestId('webhook-secret-value').locator('code')
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/)
  const firstSecret = await secret.textContent()

  await page.getByTestId('webhook-settings').click()
  await page.getByTestId('webhook-url').fill(receiverUrl)
  await page.getByTestId('webhook-save').click()
  await expect(page.getByTestId('api-keys')).toContainText(receiverUrl)

  const started = await page.request.post('/api/render/start', {
    headers: { authorization: `Bearer ${key}` },
    multipart: {
      generationType: 'sketch-render',
      userPrompt: 'a timber house by a lake',
      sketch: { name: 'sketch.png', mimeType: 'image/png', buffer: sketch },
    },
  })
  expect(started.status()).toBe(202)

  // the receiver has it; the page's log says so (reloaded rather than waiting for its next refresh)
  await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1)
  await page.reload()
  const log = page.getByTestId('webhook-deliveries')
  await expect(log).toContainText('Delivered')
  await expect(log).toContainText('HTTP 200')
  await expect(log).toContainText(receiverUrl)
  expect(received).toHaveLength(1)

  // a new secret is shown once, in the dialog
  await page.getByTestId('webhook-settings').click()
  await page.getByTestId('webhook-rotate').click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'New secret' }).click()
  const rotated = page.getByRole('dialog').getByTestId('webhook-secret-value').locator('code')
  await expect(rotated).toHaveText(/^whsec_/)
  expect(await rotated.textContent()).not.toBe(firstSecret)
})
