import type { Page } from '@playwright/test'
import { dismissConsent, expect, PASSWORD, signUpThroughApi, test, uniqueEmail } from './fixtures'

// docs/product.md#demo-mode. The server's refusals (demo_mode, sign_up_closed) are covered by the API tests;
// here the browser is given each policy through /api/auth/providers and the landing page and the dialog must
// follow it, and the server's own refusal must reach the visitor translated.

async function policy(page: Page, signUp: boolean, demo: boolean) {
  await page.route('**/api/auth/providers', (route) =>
    route.fulfill({ json: { password: !demo, google: false, apple: false, signUp, demo } }),
  )
}

test.beforeEach(async ({ page }) => dismissConsent(page))

test('a demo says sign-in is off, tours the product instead of "Try it for free", and the dialog only explains', async ({
  page,
  landing,
}) => {
  await policy(page, false, true)
  await landing.goto()
  await expect(page.getByTestId('demo-notice')).toHaveText(/This is a demo: signing in is turned off/)
  await expect(landing.tryForFree).toHaveText(/Take the tour/)
  await expect(page.getByText(/free credits/i)).toHaveCount(0)
  await landing.headerSignIn.click()
  await expect(page.getByTestId('auth-demo-notice')).toHaveText(
    /signing in and creating accounts are turned off/,
  )
  await expect(page.getByRole('dialog').getByRole('textbox')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await landing.tryForFree.click()
  await expect(page).toHaveURL(/\/tour$/)
  // the tour: real results, each with what was asked and its figures, and no sign-up offered
  const tour = page.getByTestId('tour-samples')
  await expect(
    tour.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) }),
  ).toHaveCount(5)
  await expect(page.getByTestId('tour-sketch')).toContainText('a red brick house with a black roof')
  await expect(page.getByTestId('tour-sketch').getByTestId('tour-facts')).toContainText(
    /20 credits.*Lines kept \d+ %/,
  )
  await expect(page.getByTestId('tour-sketch').getByRole('img').first()).toHaveJSProperty('complete', true)
  await expect(page.getByTestId('tour-demo')).toHaveText('Signing in is turned off in this demo.')
  await expect(page.getByTestId('tour-cta')).toHaveCount(0)
})

test('with sign-up closed the landing page offers sign-in only and an existing account signs in', async ({
  page,
  landing,
  browser,
}) => {
  // an account made while sign-up was open
  const email = uniqueEmail('closed')
  const other = await browser.newPage()
  await signUpThroughApi(other, email)
  await other.close()

  await policy(page, false, false)
  await landing.goto()
  await expect(landing.tryForFree).toHaveText(/Sign in/i)
  await expect(page.getByText(/free credits/i)).toHaveCount(0)
  await landing.tryForFree.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('tab', { name: 'Sign up' })).toHaveCount(0)
  await dialog.getByLabel('E-mail').fill(email)
  await dialog.getByLabel('Password').fill(PASSWORD)
  await dialog.getByRole('button', { name: /^Sign in$/i }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('hero-try-free')).toHaveCount(0)
})

test('in Arabic the demo notice is translated and the tour link is there', async ({ page, landing }) => {
  await policy(page, false, true)
  await landing.goto()
  await landing.chooseLanguage('العربية')
  await expect(page.getByTestId('demo-notice')).toHaveText(/هذا عرض تجريبي/)
  await expect(landing.tryForFree).toHaveText(/ابدأ الجولة/)
})

test('a signed-out visitor’s public pages log no failed request (the session check answers 200)', async ({
  page,
  landing,
}) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await landing.goto()
  await page.goto('/support')
  await page.goto('/product')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(errors.filter((e) => /401|Unauthorized/i.test(e))).toEqual([])
})
