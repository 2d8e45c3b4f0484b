import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { dismissConsent, expect, PASSWORD, signUpThroughApi, test } from './fixtures'
import { AdminStylesScreen } from './pages/AdminScreens'

// Admin style management (docs/product.md#admin-styles); the admin role (ADMIN_EMAILS in
// playwright.config.ts) and 403 for everyone else (docs/decisions/0011-admin-role-on-the-server.md). Each
// scenario works in a category of its own, so the shared catalogue others use stays put.
const ADMIN = 'admin@parti.test'
const sketch = new URL('./fixtures/house-sketch.png', import.meta.url).pathname

async function signInAsAdmin(page: Page) {
  const up = await page.request.post('/api/auth/sign-up', { data: { email: ADMIN, password: PASSWORD } })
  if (up.status() === 201) return
  const r = await page.request.post('/api/auth/sign-in', { data: { email: ADMIN, password: PASSWORD } })
  if (!r.ok()) throw new Error(`admin sign-in failed: ${r.status()}`)
}

async function publicStyles(page: Page, category: string) {
  const r = await page.request.get('/api/styles')
  const { styles } = (await r.json()) as { styles: Array<{ id: string; name: string; category: string }> }
  return styles.filter((s) => s.category === category)
}

const unique = () => Math.random().toString(36).slice(2, 7)

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))
}

test.describe('admin style management', () => {
  test.beforeEach(async ({ page }) => dismissConsent(page))

  test('an admin creates a style with an image, edits it, reorders and deletes — the public list follows', async ({
    page,
  }) => {
    // one long scenario (two creations with card previews drawn by the local engine, five saves): on two shared
    // cores it can pass the 30 s default
    test.slow()
    const admin = new AdminStylesScreen(page)
    const category = `Studio studies ${unique()}`
    await signInAsAdmin(page)
    await admin.goto()
    await expect(admin.heading).toBeVisible()

    await admin.create({
      name: 'Board-marked Concrete',
      category,
      prompt: 'board-marked concrete',
      look: 'Blueprint',
      image: sketch,
    })
    await expect(page.getByText('Style “Board-marked Concrete” created')).toBeVisible()
    await expect(admin.row('Board-marked Concrete')).toBeVisible()
    await expect
      .poll(() => publicStyles(page, category))
      .toEqual([expect.objectContaining({ id: 'board-marked-concrete', name: 'Board-marked Concrete' })])

    await admin.create({ name: 'Timber Lattice', category, prompt: 'slatted timber screens' })
    await expect.poll(() => admin.namesIn(category)).toEqual(['Board-marked Concrete', 'Timber Lattice'])

    await admin.edit('Board-marked Concrete', { name: 'Béton Brut', prompt: 'raw concrete at dusk' })
    await expect(page.getByText('Style “Béton Brut” saved')).toBeVisible()
    await expect
      .poll(async () => (await publicStyles(page, category)).map((s) => s.name))
      .toEqual(['Béton Brut', 'Timber Lattice'])

    // keyboard: the handle and an arrow key; the move is announced and saved
    await admin.moveWithKeyboard('Béton Brut', 'ArrowDown')
    await expect.poll(() => admin.namesIn(category)).toEqual(['Timber Lattice', 'Béton Brut'])
    await expect(page.getByTestId('reorder-announcement')).toHaveText('Béton Brut is now at position 2 of 2.')
    await expect(admin.row('Béton Brut').getByRole('button', { name: 'Move Béton Brut' })).toBeFocused()
    await expect
      .poll(async () => (await publicStyles(page, category)).map((s) => s.name))
      .toEqual(['Timber Lattice', 'Béton Brut'])

    // drag: the row back above the other
    await admin.row('Béton Brut').dragTo(admin.row('Timber Lattice'))
    await expect
      .poll(async () => (await publicStyles(page, category)).map((s) => s.name))
      .toEqual(['Béton Brut', 'Timber Lattice'])
    await page.reload()
    await expect.poll(() => admin.namesIn(category)).toEqual(['Béton Brut', 'Timber Lattice'])

    // a delete can be cancelled, then confirmed
    await (await admin.askToDelete('Timber Lattice')).getByRole('button', { name: 'Cancel' }).click()
    await expect(admin.row('Timber Lattice')).toBeVisible()
    await (await admin.askToDelete('Timber Lattice')).getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Style “Timber Lattice” deleted')).toBeVisible()
    await expect(admin.row('Timber Lattice')).toHaveCount(0)
    await expect
      .poll(async () => (await publicStyles(page, category)).map((s) => s.name))
      .toEqual(['Béton Brut'])
  })

  test('the style form says what is missing before it calls the server', async ({ page }) => {
    const admin = new AdminStylesScreen(page)
    await signInAsAdmin(page)
    await admin.goto()
    await admin.newStyleButton.click()
    await admin.fill({ name: '  ', category: '' })
    await admin.form.getByRole('button', { name: 'Create style' }).click()
    await expect(admin.form.getByText('Please give the style a name.')).toBeVisible()
    await expect(admin.form.getByText('Please choose a category.')).toBeVisible()
  })

  test('an admin sees the plans with their fixed prices', async ({ page }) => {
    await signInAsAdmin(page)
    await page.goto('/admin/plans')
    const standard = page.getByRole('form', { name: 'Standard' })
    await expect(standard.getByText('€39.00 / month')).toBeVisible()
    await expect(standard.getByText('Popular', { exact: true })).toBeVisible()
    await expect(standard.getByRole('button', { name: 'Save' })).toBeDisabled()
    await standard.getByLabel('Monthly price id').fill('price_e2eCheck')
    await expect(standard.getByRole('button', { name: 'Save' })).toBeEnabled()
    await standard.getByRole('button', { name: 'Undo changes' }).click()
    await expect(standard.getByLabel('Monthly price id')).toHaveValue('')
  })

  test('a signed-in user without the admin role gets the 403 page and no admin link', async ({ page }) => {
    await signUpThroughApi(page)
    const admin = new AdminStylesScreen(page)
    await admin.goto()
    await expect(admin.forbidden).toBeVisible()
    await expect(page.getByText('403')).toBeVisible()
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Styles' })).toHaveCount(0)
    expect((await page.request.get('/api/admin/styles')).status()).toBe(403)
    await page.goto('/admin/plans')
    await expect(admin.forbidden).toBeVisible()
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`the admin screens and the style form have no serious accessibility problem, ${theme}`, async ({
      page,
    }) => {
      test.slow() // axe reads three screens
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.addInitScript(
        (t) => localStorage.setItem('parti.theme', JSON.stringify({ v: 1, value: t })),
        theme,
      )
      await signInAsAdmin(page)
      const admin = new AdminStylesScreen(page)
      await admin.goto()
      await expect(admin.row('Blueprint')).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await admin.newStyleButton.click()
      await expect(admin.form).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/admin/plans')
      await expect(page.getByRole('form', { name: 'Pro' })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  }
})
