import { dismissConsent, expect, test } from './fixtures'

test.describe('preferences kept in the browser', () => {
  test.beforeEach(async ({ page }) => dismissConsent(page))

  test('the theme is light by default, and dark stays dark over a reload without a flash', async ({
    page,
    landing,
  }) => {
    await landing.goto()
    const html = page.locator('html')
    await expect(html).not.toHaveClass(/dark/)
    await landing.themeToggle.click()
    await expect(html).toHaveClass(/dark/)

    // record the class the document has before any app script has run
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        ;(window as unknown as { themeAtParse: string }).themeAtParse = document.documentElement.className
      })
    })
    await page.reload()
    await expect(html).toHaveClass(/dark/)
    expect(await page.evaluate(() => (window as unknown as { themeAtParse: string }).themeAtParse)).toContain(
      'dark',
    )
  })

  test('the language is kept, and Arabic turns the page right to left', async ({ page, landing }) => {
    await landing.goto()
    const html = page.locator('html')
    await expect(html).toHaveAttribute('dir', 'ltr')

    await landing.chooseLanguage('Français')
    await expect(html).toHaveAttribute('lang', 'fr')
    await expect(landing.tryForFree).toHaveText(/Essayer gratuitement/)
    await page.reload()
    await expect(html).toHaveAttribute('lang', 'fr')
    await expect(landing.tryForFree).toHaveText(/Essayer gratuitement/)

    await landing.chooseLanguage('العربية')
    await expect(html).toHaveAttribute('dir', 'rtl')
    await expect(html).toHaveAttribute('lang', 'ar')
    await expect(landing.tryForFree).toHaveText(/جرّبه مجانًا/)
    await page.reload()
    await expect(html).toHaveAttribute('dir', 'rtl')

    await landing.chooseLanguage('English')
    await expect(html).toHaveAttribute('dir', 'ltr')
  })

  test('in Arabic the sign-in dialog reads right to left too', async ({ page, landing }) => {
    await landing.goto()
    await landing.chooseLanguage('العربية')
    await landing.tryForFree.click()
    const tabs = page.getByRole('tablist')
    await expect(tabs).toBeVisible()
    expect(await tabs.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl')
    const [signIn, signUp] = await Promise.all([
      page.getByRole('tab', { name: 'تسجيل الدخول' }).boundingBox(),
      page.getByRole('tab', { name: 'إنشاء حساب' }).boundingBox(),
    ])
    // the first tab (sign in) sits on the right
    expect(signIn!.x).toBeGreaterThan(signUp!.x)
  })

  test('a browser in German gets German without choosing', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByTestId('hero-try-free')).toHaveText(/Kostenlos testen/)
    await context.close()
  })
})
