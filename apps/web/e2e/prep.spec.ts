import { fileURLToPath } from 'node:url'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { FIXTURES } from './pages/CreateScreen'
import { PrepScreen } from './pages/PrepScreen'

// jobs run on the local engine beside the browser: leave room for a busy machine
test.describe.configure({ timeout: 60_000 })

test('Photo prep: a room photo is straightened for 5 credits, before and after shown with the lean measured', async ({
  page,
}) => {
  await dismissConsent(page)
  await signUpThroughApi(page)
  const prep = new PrepScreen(page)
  await prep.goto()
  await prep.expectReason('Please upload a room photo')
  await expect(prep.cost).toHaveText('5 credits')
  await prep.upload.setInputFiles(FIXTURES.room)
  await prep.expectNoReasons()
  await prep.generate()
  await expect(prep.result).toBeVisible({ timeout: 30_000 })
  for (const panel of ['before', 'after']) {
    await expect(prep.result.getByTestId(`prep-${panel}`).getByRole('img')).toBeVisible()
  }
  await expect(prep.result).toContainText(
    /Verticals straightened: they leaned [\d.]+° on average, now [\d.]+°/,
  )
  await page.getByTestId('view-compare').click()
  await expect(prep.result.getByTestId('compare-slider')).toBeVisible()
  await prep.expectBalance(400 - 5)
})

test('a PDF shows its pages from the server; the page chosen is shown', async ({ page }) => {
  await dismissConsent(page)
  await signUpThroughApi(page)
  const prep = new PrepScreen(page)
  await prep.goto()
  // two pages, a red rectangle then a blue one (written by apps/server/test/fixtures/upload-formats.ts pdfPages)
  await prep.upload.setInputFiles(fileURLToPath(new URL('./fixtures/two-pages.pdf', import.meta.url)))
  await expect(prep.pdfPage).toBeVisible()
  await expect(prep.pdfPage.locator('option')).toHaveText(['Page 1 of 2', 'Page 2 of 2'])
  const preview = page.getByTestId('prep-upload').getByRole('img')
  const first = await preview.getAttribute('src')
  expect(first).toMatch(/^data:image\/jpeg;base64,/)
  await prep.pdfPage.selectOption('2')
  await expect(preview).not.toHaveAttribute('src', first!)
})
