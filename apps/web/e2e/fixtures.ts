import { test as base, type Page } from '@playwright/test'
import { AppShell } from './pages/AppShell'
import { AuthDialog } from './pages/AuthDialog'
import { LandingPage } from './pages/LandingPage'

export const PASSWORD = 'a-long-enough-password'

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/** Creates an account through the API; the page's context then carries the session cookie. */
export async function signUpThroughApi(page: Page, email = uniqueEmail()): Promise<string> {
  const response = await page.request.post('/api/auth/sign-up', { data: { email, password: PASSWORD } })
  if (response.status() !== 201)
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`)
  return email
}

/** Marks cookie consent as given so the card does not cover what a test looks at. */
export async function dismissConsent(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem(
      'parti.cookie-consent',
      JSON.stringify({
        v: 1,
        value: { accepted: false, categories: ['necessary'], decidedAt: new Date().toISOString() },
      }),
    )
  })
}

export const test = base.extend<{ landing: LandingPage; auth: AuthDialog; shell: AppShell }>({
  landing: async ({ page }, use) => use(new LandingPage(page)),
  auth: async ({ page }, use) => use(new AuthDialog(page)),
  shell: async ({ page }, use) => use(new AppShell(page)),
})

export { expect } from '@playwright/test'
