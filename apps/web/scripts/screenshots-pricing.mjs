// Screenshots of the pricing page and the built-in test checkout through a user's whole journey, at both
// widths, both themes, English and Arabic, against a running product:
//   BASE_URL=http://localhost:3000 node apps/web/scripts/screenshots-pricing.mjs [out-dir] [only-combo]
// (combo names: desktop-light-en, mobile-dark-ar, …)
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'

const base = process.env.BASE_URL ?? 'http://localhost:3000'
const out = process.argv[2] ?? '/tmp/pricing-shots'
const only = process.argv[3]
mkdirSync(out, { recursive: true })
const sizes = { desktop: { width: 1440, height: 900 }, mobile: { width: 390, height: 844 } }

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
})

for (const size of Object.keys(sizes))
  for (const theme of ['light', 'dark'])
    for (const lang of ['en', 'ar']) {
      const combo = `${size}-${theme}-${lang}`
      if (only && combo !== only) continue
      const ctx = await browser.newContext({ viewport: sizes[size], reducedMotion: 'reduce', baseURL: base })
      await ctx.addInitScript(
        ([t, l]) => {
          localStorage.setItem('parti.theme', JSON.stringify({ v: 1, value: t }))
          localStorage.setItem('parti.language', JSON.stringify({ v: 1, value: l }))
          localStorage.setItem(
            'parti.cookie-consent',
            JSON.stringify({
              v: 1,
              value: { accepted: false, categories: ['necessary'], decidedAt: new Date().toISOString() },
            }),
          )
        },
        [theme, lang],
      )
      const page = await ctx.newPage()
      page.on('pageerror', (e) => console.log(combo, 'PAGEERROR', e.message))
      const shot = async (name, full = false) => {
        await page.waitForTimeout(300)
        await page.screenshot({ path: join(out, `${combo}-${name}.png`), fullPage: full })
      }
      const email = `shots-${combo}-${Date.now()}@example.com`
      await page.request.post('/api/auth/sign-up', { data: { email, password: 'a-long-enough-password' } })

      await page.goto('/pricing')
      await page.getByTestId('plan-standard').waitFor()
      await shot('01-monthly', true)
      await page.getByTestId('billing-yearly').click()
      await shot('02-yearly')
      await page.getByTestId('billing-a-la-carte').click()
      await shot('03-a-la-carte', true)
      await page.getByTestId('buy-custom').click()
      await page.getByTestId('purchase-dialog').waitFor()
      await shot('04-dialog')
      await page.getByTestId('purchase-continue').click()
      await page.waitForURL(/test-checkout/)
      await shot('05-test-checkout')
      await page.getByTestId('test-pay').click()
      await page.getByTestId('checkout-result').waitFor()
      await page.waitForFunction(
        () => document.querySelector('[data-testid=checkout-result]')?.dataset.status === 'paid',
      )
      await shot('06-paid-credits')

      await page.getByTestId('billing-monthly').click()
      await page.getByTestId('choose-standard').click()
      await page.waitForURL(/test-checkout/)
      await shot('07-test-checkout-subscription')
      await page.getByTestId('test-pay').click()
      await page.getByTestId('subscription-panel').waitFor()
      await shot('08-subscribed', true)
      await page.getByTestId('cancel-subscription').click()
      await page.getByTestId('confirm-dialog').waitFor()
      await shot('09-cancel-confirm')
      await page.getByTestId('confirm-dialog').getByRole('button').last().click()
      await page.getByTestId('cancelled-banner').waitFor()
      await shot('10-cancelled', true)
      await page.getByTestId('banner-portal').click()
      await page.waitForURL(/test-portal/)
      await shot('11-test-portal', true)

      // a checkout left pending, then cancelled
      await page.goto('/pricing')
      await page.getByTestId('billing-a-la-carte').click()
      await page.getByTestId('tier-25').getByRole('button').click()
      await page.getByTestId('purchase-continue').click()
      await page.waitForURL(/test-checkout/)
      await page.getByTestId('test-pending').click()
      await page.waitForFunction(
        () => document.querySelector('[data-testid=checkout-result]')?.dataset.status === 'processing',
      )
      await shot('12-processing')
      await ctx.close()
      console.log('done', combo)
    }
await browser.close()
