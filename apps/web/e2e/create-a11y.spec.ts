import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))
}

const SCREENS = [
  { path: '/sketch', ready: 'generate' },
  { path: '/sketch?mode=multi-angle', ready: 'angle-picker' },
  { path: '/staging', ready: 'generate' },
  { path: '/video', ready: 'camera-moves' },
  { path: '/', ready: 'composer' },
] as const

test.describe('creation screens: axe finds no serious or critical violation', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const screen of SCREENS) {
      test(`${screen.path}, ${theme}`, async ({ page }) => {
        await page.emulateMedia({ reducedMotion: 'reduce' })
        await dismissConsent(page)
        await page.addInitScript(
          (t) => localStorage.setItem('parti.theme', JSON.stringify({ v: 1, value: t })),
          theme,
        )
        await signUpThroughApi(page)
        await page.goto(screen.path)
        await expect(page.getByTestId(screen.ready)).toBeVisible()
        // the catalogue has loaded (style cards, palettes) where the screen shows it
        if (screen.path === '/sketch')
          await expect(page.getByTestId('style-marker-presentation')).toBeVisible()
        expect(await seriousViolations(page)).toEqual([])
      })
    }
  }
})
