import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'

// The server sends signed-out visitors at / the landing page rendered at build time (src/prerender.tsx), which
// the app replaces once it runs (app/prerendered.ts).

test.describe('the landing page before any script runs', () => {
  test.use({ javaScriptEnabled: false })

  test('paints the hero, the header and working links from the HTML alone', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('From first sketch to finished image.')
    await expect(page.getByRole('button', { name: 'Sign in' }).first()).toBeVisible()
    await page.getByRole('link', { name: 'Product' }).first().click()
    await expect(page).toHaveURL(/\/product$/)
  })
})

test.describe('the landing page once the app runs', () => {
  test.beforeEach(async ({ page }) => dismissConsent(page))

  test("after the page has loaded, the hero plays the product's own clip over the drawing", async ({
    page,
  }) => {
    const media: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/hero/')) media.push(r.url())
    })
    await page.goto('/')
    const clip = page.getByTestId('hero-clip')
    await expect(clip).toHaveAttribute('data-state', 'playing', { timeout: 15_000 })
    await expect(clip).toContainText('Made with Parti')
    expect(media.some((u) => u.endsWith('/hero/hero.mp4'))).toBe(true)
  })

  test('with reduced motion the hero shows the still render, nothing plays', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.getByTestId('hero-clip')).toHaveAttribute('data-state', 'still', { timeout: 15_000 })
    await expect(page.locator('video')).toHaveCount(0)
    await context.close()
  })

  test('the app replaces the copy: one hero, and its buttons work', async ({ page, landing, auth }) => {
    await page.goto('/')
    await landing.tryForFree.click()
    await expect(auth.dialog).toBeVisible()
    await expect(page.locator('#prerendered')).toHaveCount(0)
    await expect(page.locator('h1')).toHaveCount(1)
  })

  for (const [how, setup] of [
    ['whose browser reads Arabic', { locale: 'ar-EG' }],
    ['who chose French before', { storedLanguage: 'fr' }],
  ] as const) {
    test(`a visitor ${how} never sees the English copy`, async ({ browser }) => {
      const context = await browser.newContext('locale' in setup ? { locale: setup.locale } : {})
      const page = await context.newPage()
      await page.addInitScript(
        (stored) => {
          if (stored) localStorage.setItem('parti.language', JSON.stringify({ v: 1, value: stored }))
          document.addEventListener('DOMContentLoaded', () => {
            ;(window as unknown as { copyAtParse: boolean }).copyAtParse =
              !!document.getElementById('prerendered')
          })
        },
        'storedLanguage' in setup ? setup.storedLanguage : null,
      )
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/From first sketch/)
      expect(await page.evaluate(() => (window as unknown as { copyAtParse: boolean }).copyAtParse)).toBe(
        false,
      )
      await context.close()
    })
  }

  test('a button pressed before the app runs is pressed again once it does', async ({ page, auth }) => {
    // a slow phone: the app's entry script arrives a while after the page
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      await route.continue()
    })
    await page.goto('/', { waitUntil: 'commit' })
    await page.locator('#prerendered').getByRole('button', { name: 'Try it for free' }).click()
    await expect(auth.dialog).toBeVisible()
    await expect(page.locator('#prerendered')).toHaveCount(0)
  })

  test('an English visitor keeps the copy until the app is there', async ({ page }) => {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        ;(window as unknown as { copyAtParse: boolean }).copyAtParse =
          !!document.getElementById('prerendered')
      })
    })
    await page.goto('/')
    expect(await page.evaluate(() => (window as unknown as { copyAtParse: boolean }).copyAtParse)).toBe(true)
  })

  test('a signed-in visitor is sent the app, not the copy', async ({ page }) => {
    expect(await (await page.request.get('/')).text()).toContain('id="prerendered"')
    await signUpThroughApi(page)
    const signedIn = await page.request.get('/')
    expect(await signedIn.text()).not.toContain('id="prerendered"')
    expect(signedIn.headers().vary).toContain('cookie')
  })
})
