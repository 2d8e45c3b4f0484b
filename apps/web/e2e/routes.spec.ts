import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'

test.describe('routes and access rules', () => {
  test.beforeEach(async ({ page }) => dismissConsent(page))

  for (const path of ['/sketch', '/staging', '/video', '/gallery', '/pricing', '/admin', '/admin/plans']) {
    test(`a signed-out visitor opening ${path} is sent to the landing page`, async ({ page, landing }) => {
      await page.goto(path)
      // the page asked for is kept, so signing in lands there (docs/product.md#route-access)
      await expect(page).toHaveURL(`/?next=${encodeURIComponent(path)}`)
      await expect(landing.tryForFree).toBeVisible()
    })
  }

  test('an unknown path redirects to /', async ({ page, landing }) => {
    await page.goto('/no/such/page')
    await expect(page).toHaveURL('/')
    await expect(landing.heading).toBeVisible()
  })

  test('public pages open without an account', async ({ page }) => {
    for (const [path, heading] of <const>[
      ['/support', 'How can we help?'],
      ['/contact', 'Talk to us'],
      ['/terms', 'Terms of service'],
      ['/privacy', 'Privacy notice'],
      ['/product', 'One workspace from sketch to presentation'],
      ['/verify', "Check a file's history"],
    ]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    }
  })

  test('a signed-in user reaches each tool in the shell, and not the admin pages', async ({
    page,
    shell,
  }) => {
    await signUpThroughApi(page)
    for (const [path, title] of <const>[
      ['/sketch', 'Sketch Render'],
      ['/staging', 'Home Staging'],
      ['/video', 'Image to Video'],
      ['/gallery', 'Gallery'],
      ['/pricing', 'Pricing'],
    ]) {
      await page.goto(path)
      await expect(shell.title).toHaveText(title)
    }
    await expect(shell.sidebar.getByRole('link', { name: 'Styles' })).toHaveCount(0)
    await page.goto('/admin')
    await expect(page.getByText('You do not have access to this page')).toBeVisible()
    await page.goto('/somewhere/else')
    await expect(page).toHaveURL('/')
    await expect(shell.title).toHaveText('Ask Parti')
  })

  test('the sidebar remembers being collapsed', async ({ page, shell }) => {
    await signUpThroughApi(page)
    await page.goto('/video')
    await expect(shell.sidebar).toHaveAttribute('data-state', 'expanded')
    await shell.toggleSidebar()
    await expect(shell.sidebar).toHaveAttribute('data-state', 'collapsed')
    await page.reload()
    await expect(shell.sidebar).toHaveAttribute('data-state', 'collapsed')
  })
})
