import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { FIXTURES } from './pages/CreateScreen'
import { GalleryPage } from './pages/GalleryPage'
import { SketchScreen } from './pages/SketchScreen'

// Runs on its own server with sketch render on fal (a fake of its queue API) and the local engine beside it:
// playwright.hosted.config.ts (docs/product.md#compare-engines).

const START = 400
const SHOTS = process.env.PARTI_SHOTS_DIR
if (SHOTS) mkdirSync(SHOTS, { recursive: true })

/** With PARTI_SHOTS_DIR set: the grid as it is, then dark and Arabic on a phone (changes nothing on the page). */
async function shot(page: Page, name: string) {
  if (!SHOTS) return
  const grid = page.getByTestId('compare-grid')
  await grid.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/${name}-desktop-light-en.png` })
  await page.evaluate(() => document.documentElement.classList.add('dark'))
  await page.getByTestId('language-picker').click()
  await page.getByRole('menuitemradio', { name: 'العربية' }).click()
  await page.setViewportSize({ width: 390, height: 844 })
  await grid.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/${name}-phone-dark-ar.png`, fullPage: true })
  await page.getByTestId('language-picker').click()
  await page.getByRole('menuitemradio', { name: 'English' }).click()
  await page.evaluate(() => document.documentElement.classList.remove('dark'))
  await page.setViewportSize({ width: 1280, height: 800 })
}

test.describe('compare engines', () => {
  test.describe.configure({ timeout: 180_000 })

  test.beforeEach(async ({ page }) => {
    await dismissConsent(page)
    await signUpThroughApi(page)
  })

  test('the same sketch on fal and the local engine, side by side with seconds, credits and fidelity; keep one', async ({
    page,
  }) => {
    const sketch = new SketchScreen(page)
    await page.goto(sketch.path)
    await expect(sketch.generateButton).toBeVisible({ timeout: 60_000 })
    await sketch.upload.setInputFiles(FIXTURES.sketch)
    await sketch.describe('a two-storey family house with a pitched roof')
    // offered because two engines serve sketch render here; the price of both cells said before sending
    const button = page.getByTestId('compare-engines-button')
    await expect(button).toHaveText(/40 credits/)
    await expect(page.getByTestId('compare-engines')).toContainText('Parti built-in engine')
    await button.click()

    const grid = page.getByTestId('compare-grid')
    const cells = grid.getByTestId('compare-cell')
    await expect(cells).toHaveCount(2)
    await expect(cells.nth(0)).toHaveAttribute('data-engine', 'fal')
    await expect(cells.nth(1)).toHaveAttribute('data-engine', 'local')
    for (const i of [0, 1]) {
      await expect(cells.nth(i)).toHaveAttribute('data-status', 'completed', { timeout: 90_000 })
      await expect(cells.nth(i).getByTestId('compare-seconds')).toHaveText(/^\d+[.,]\d$/)
      await expect(cells.nth(i).getByTestId('compare-credits')).toHaveText('20')
      await expect(cells.nth(i).getByTestId('compare-fidelity')).toHaveText(/\d+\s?%/)
    }
    await sketch.expectBalance(START - 40)
    await shot(page, 'compare-grid')

    // keep the local one only: it is kept, the other leaves the grid and the gallery
    await cells.nth(1).getByTestId('compare-keep').click()
    await expect(cells).toHaveCount(1)
    await expect(cells.nth(0)).toHaveAttribute('data-engine', 'local')
    await expect(cells.nth(0).getByTestId('compare-keep')).toBeDisabled()
    const gallery = new GalleryPage(page)
    await gallery.goto()
    await expect(gallery.tiles).toHaveCount(1)
  })
})
