import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { renderSketch } from './gallery-data'
import { DetailView } from './pages/DetailView'
import { GalleryPage } from './pages/GalleryPage'

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))
}

test.describe('gallery: axe finds no serious or critical violation', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`the grid and the detail area in each view, ${theme}`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await dismissConsent(page)
      await page.addInitScript(
        (t) => localStorage.setItem('parti.theme', JSON.stringify({ v: 1, value: t })),
        theme,
      )
      await signUpThroughApi(page)
      const house = await renderSketch(page, 'a house by the sea')
      const gallery = new GalleryPage(page)
      await gallery.goto()
      await expect(gallery.tile(house.id)).toBeVisible()
      await gallery.tile(house.id).hover()
      expect(await seriousViolations(page)).toEqual([])

      await gallery.open(house.id)
      const detail = new DetailView(page)
      await expect(detail.after).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await detail.view('compare').click()
      await expect(detail.compare).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await detail.mode('inpaint').click()
      await expect(detail.lasso).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  }
})
