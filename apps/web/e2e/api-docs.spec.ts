import { expect, test } from './fixtures'

// /api/docs sends its own Content-Security-Policy (apps/server/src/http/docs.ts): the explorer must still work
// under it, with no violation reported.
test('the API explorer renders the operations under its Content-Security-Policy', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
  })
  const res = await page.goto('/api/docs')
  const csp = res?.headers()['content-security-policy'] ?? ''
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).not.toContain("'unsafe-inline'")
  await expect(page.getByRole('heading', { name: /Parti API/ })).toBeVisible()
  await expect(page.locator('.opblock').first()).toBeVisible()
  await page.locator('.opblock-summary').first().click()
  await expect(page.locator('.opblock-body').first()).toBeVisible()
  expect(violations).toEqual([])
})
