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

test.describe('accessibility (axe: no serious or critical violation)', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`landing page, ${theme}`, async ({ page, landing }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.addInitScript(
        (t) => localStorage.setItem('parti.theme', JSON.stringify({ v: 1, value: t })),
        theme,
      )
      await landing.goto()
      // the last section below the fold is there (testimonials are shown only once an operator supplies real ones)
      await expect(page.getByRole('heading', { name: /Show clients the idea/ })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    test(`app shell, ${theme}`, async ({ page, shell }) => {
      await dismissConsent(page)
      await page.addInitScript(
        (t) => localStorage.setItem('parti.theme', JSON.stringify({ v: 1, value: t })),
        theme,
      )
      await signUpThroughApi(page)
      await page.goto('/')
      await expect(shell.title).toHaveText('Ask Parti')
      expect(await seriousViolations(page)).toEqual([])
    })
  }

  test('sign-in dialog', async ({ page, landing }) => {
    await dismissConsent(page)
    await landing.goto()
    await landing.headerSignIn.click()
    await expect(page.getByRole('dialog')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})
