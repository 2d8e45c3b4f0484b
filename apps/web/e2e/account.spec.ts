import { type APIRequestContext, request as playwrightRequest } from '@playwright/test'
import { dismissConsent, expect, PASSWORD, signUpThroughApi, test, uniqueEmail } from './fixtures'

// docs/product.md#account: "Forgot password?" → a mail with a one-hour, single-use link → a new password, and
// every session of the account signed out. The mail is read from the suite's SMTP server
// (scripts/mail-sink.mjs), which Parti sends to through SMTP_URL (playwright.config.ts).

const MAIL_SINK = `http://127.0.0.1:${Number(process.env.PARTI_E2E_PORT ?? 3210) + 2}`

interface SunkMail {
  to: string[]
  subject: string
  text: string
}

async function mailTo(sink: APIRequestContext, to: string, subject: string): Promise<SunkMail> {
  let found: SunkMail | undefined
  await expect
    .poll(
      async () => {
        const all = (await (
          await sink.get(`${MAIL_SINK}/messages?to=${encodeURIComponent(to)}`)
        ).json()) as SunkMail[]
        found = all.find((m) => m.subject === subject)
        return Boolean(found)
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return found!
}

test.describe('password reset by mail', () => {
  test.beforeEach(async ({ page }) => dismissConsent(page))

  test('a forgotten password is reset from the mailed link, and every other session ends', async ({
    page,
    browser,
    landing,
    shell,
    auth,
  }) => {
    // two browsers, four sign-ins and a mail round trip: about 19 s alone, more than 30 s beside another worker
    test.slow()
    // the account, signed in on another device that the reset must sign out
    const email = uniqueEmail('reset')
    const other = await browser.newContext()
    const otherPage = await other.newPage()
    await signUpThroughApi(otherPage, email)
    expect((await otherPage.request.get('/api/user/profile')).status()).toBe(200)

    await landing.goto()
    await landing.headerSignIn.click()
    await auth.dialog.getByLabel('E-mail').fill(email)
    await auth.dialog.getByTestId('forgot-password').click()
    await expect(auth.dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
    // the address typed so far is kept
    await expect(auth.dialog.getByLabel('E-mail')).toHaveValue(email)
    await auth.dialog.getByRole('button', { name: 'Send reset link' }).click()
    await expect(auth.dialog.getByTestId('forgot-sent')).toContainText(email)

    const sink = await playwrightRequest.newContext()
    const mail = await mailTo(sink, email, 'Reset your Parti password')
    const link = /https?:\/\/\S+\/reset-password#token=[\w-]+/.exec(mail.text)?.[0]
    expect(link).toBeTruthy()
    const { pathname, hash } = new URL(link!)
    await page.keyboard.press('Escape')

    await page.goto(`${pathname}${hash}`)
    const form = page.getByTestId('reset-form')
    await form.getByLabel('New password', { exact: true }).fill('brand-new-password-7')
    await form.getByLabel('Repeat the new password').fill('brand-new-password-8')
    await form.getByRole('button', { name: 'Set new password' }).click()
    await expect(form.getByText('The two passwords are not the same.')).toBeVisible()
    await form.getByLabel('Repeat the new password').fill('brand-new-password-7')
    await form.getByRole('button', { name: 'Set new password' }).click()
    await expect(page.getByTestId('reset-done')).toBeVisible()

    // the other device is signed out
    expect((await otherPage.request.get('/api/user/profile')).status()).toBe(401)
    await other.close()

    // the link worked once (opened again later)
    await page.goto('/')
    await page.goto(`${pathname}${hash}`)
    await page.getByLabel('New password', { exact: true }).fill('third-password-99')
    await page.getByLabel('Repeat the new password').fill('third-password-99')
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'This link has expired or was already used. Ask for a new one.',
    )

    // the old password no longer works; the new one does
    await page.goto('/')
    await landing.headerSignIn.click()
    await auth.signIn({ email, password: PASSWORD })
    await expect(auth.dialog.getByRole('alert')).toHaveText('Incorrect e-mail or password.')
    await auth.signIn({ email, password: 'brand-new-password-7' })
    await shell.expectSignedInAs(email)

    // the account page shows the address verified: the reset proved the mailbox
    await page.goto('/account')
    await expect(page.getByTestId('account-email')).toHaveText(email)
    await expect(page.getByTestId('account-address')).toContainText('Verified')
    await sink.dispose()
  })
})

test.describe('the account page', () => {
  test.beforeEach(async ({ page }) => dismissConsent(page))

  test('verifies the address from a resent link, changes the password, and signs out everywhere', async ({
    page,
    landing,
  }) => {
    const email = await signUpThroughApi(page, uniqueEmail('account'))
    await page.goto('/account')
    const address = page.getByTestId('account-address')
    await expect(address).toContainText('Not verified')
    await address.getByRole('button', { name: 'Send the link again' }).click()
    await expect(page.getByText(`A new link is on its way to ${email}.`)).toBeVisible()

    // the resent link is the second verification mail; the first one no longer works
    const sink = await playwrightRequest.newContext()
    let links: string[] = []
    await expect
      .poll(
        async () => {
          const all = (await (
            await sink.get(`${MAIL_SINK}/messages?to=${encodeURIComponent(email)}`)
          ).json()) as SunkMail[]
          links = all
            .filter((m) => m.subject === 'Confirm your e-mail address for Parti')
            .map((m) => /https?:\/\/\S+\/verify-email#token=[\w-]+/.exec(m.text)?.[0] ?? '')
          return links.length
        },
        { timeout: 15_000 },
      )
      .toBe(2)
    await sink.dispose()
    const path = (link: string) => {
      const u = new URL(link)
      return `${u.pathname}${u.hash}`
    }
    await page.goto(path(links[0]!))
    await expect(page.getByTestId('link-failed')).toHaveText(
      'This link has expired or was already used. Ask for a new one.',
    )
    await page.goto(path(links[1]!))
    await expect(page.getByTestId('link-done')).toHaveText('Thank you: your e-mail address is verified.')
    await page.getByRole('link', { name: 'Go to your account' }).click()
    await expect(page.getByTestId('account-address')).toContainText('Verified')
    await expect(page.getByTestId('verify-notice')).toHaveCount(0)

    const form = page.getByTestId('change-password-form')
    await form.getByLabel('Current password').fill('not-the-password')
    await form.getByLabel('New password').fill('another-long-password')
    await form.getByRole('button', { name: 'Change password' }).click()
    await expect(form.getByText('The current password is not right.')).toBeVisible()
    await form.getByLabel('Current password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('Your password is changed. Your other devices are signed out.')).toBeVisible()

    await page.getByTestId('sign-out-everywhere').click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).click()
    await expect(landing.headerSignIn).toBeVisible()
    expect((await page.request.get('/api/user/profile')).status()).toBe(401)
  })
})
