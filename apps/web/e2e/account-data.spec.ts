import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { dismissConsent, expect, PASSWORD, signUpThroughApi, test } from './fixtures'

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))
}

// docs/product.md#data-rights and docs/product.md#credit-history, in the browser.

test.describe('your data', () => {
  test.beforeEach(async ({ page }) => dismissConsent(page))

  test('the export downloads one zip named for today', async ({ page }) => {
    await signUpThroughApi(page)
    await page.goto('/account')
    await expect(page.getByTestId('page-title')).toHaveText('Account')
    const downloading = page.waitForEvent('download')
    await page.getByTestId('export-download').click()
    const download = await downloading
    const day = new Date().toISOString().slice(0, 10)
    expect(download.suggestedFilename()).toBe(`parti-export-${day}.zip`)
    const bytes = readFileSync((await download.path())!)
    // a zip: local file header first, the profile inside
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004')
    expect(bytes.includes(Buffer.from('profile.json'))).toBe(true)
    await expect(page.getByTestId('export-section').getByRole('status')).toBeVisible()
  })

  test('deleting the account asks for the confirmation and password, signs out, and the account is gone', async ({
    page,
  }) => {
    const email = await signUpThroughApi(page)
    await page.goto('/account')
    await page.getByTestId('delete-open').click()
    const submit = page.getByTestId('delete-submit')
    await expect(submit).toBeDisabled()
    await page.getByTestId('delete-confirm').fill('delete')
    await expect(submit).toBeDisabled()
    await page.getByTestId('delete-confirm').fill(email)
    await expect(submit).toBeEnabled()

    await page.getByTestId('delete-password').fill('not-the-password')
    await submit.click()
    await expect(page.getByTestId('delete-error')).toHaveText(
      'That password is not correct. Nothing was deleted.',
    )

    await page.getByTestId('delete-password').fill(PASSWORD)
    await submit.click()
    await expect(page).toHaveURL('/')
    await expect(page.getByText('Your account has been deleted.')).toBeVisible()
    // signed out: the landing page, and the session is gone on the server too
    await expect(page.getByTestId('sidebar')).toHaveCount(0)
    expect((await page.request.get('/api/user/profile')).status()).toBe(401)
    const again = await page.request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } })
    expect(again.status()).toBe(401)
  })

  test('the credit history shows the ledger, filters it, and downloads it as CSV', async ({ page }) => {
    await signUpThroughApi(page)
    expect((await page.request.post('/api/test/credits', { data: { credits: 250 } })).status()).toBe(200)
    await page.goto('/credits')
    await expect(page.getByTestId('page-title')).toHaveText('Credit history')
    const rows = page.getByTestId('credits-table').locator('tbody tr')
    await expect(rows).toHaveCount(2)
    await expect(rows.nth(0)).toContainText('Adjustment')
    await expect(rows.nth(0)).toContainText('+250')
    await expect(rows.nth(0)).toContainText('650')
    await expect(rows.nth(1)).toContainText('Credits granted')
    await expect(rows.nth(1)).toContainText('+400')

    await page.getByTestId('credits-kind').selectOption('grant')
    await expect(rows).toHaveCount(1)
    await expect(rows.nth(0)).toContainText('Credits granted')

    const downloading = page.waitForEvent('download')
    await page.getByTestId('credits-csv').click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^parti-credits-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('date,kind,description,amount,held,balance_after,generation_id,mode')
    // the filter applies to the download too
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(',grant,Welcome credits,400,0,400,,')
  })

  for (const theme of ['light', 'dark'] as const)
    test(`the account, deletion dialog and credit history pass axe, ${theme}`, async ({ page, shell }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.addInitScript(
        (t) => localStorage.setItem('parti.theme', JSON.stringify({ v: 1, value: t })),
        theme,
      )
      await signUpThroughApi(page)
      await page.goto('/account')
      await expect(shell.title).toHaveText('Account')
      expect(await seriousViolations(page)).toEqual([])
      await page.getByTestId('delete-open').click()
      await expect(page.getByRole('dialog')).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/credits')
      await expect(page.getByTestId('credits-table')).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
})
