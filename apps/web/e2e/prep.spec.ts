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

test('a tilted, dull photo of a house is prepared step by step: straightened, its light corrected, a blue sky', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await dismissConsent(page)
  await signUpThroughApi(page)
  const prep = new PrepScreen(page)
  await prep.goto()
  await prep.upload.setInputFiles(fileURLToPath(new URL('./fixtures/tilted-house.jpg', import.meta.url)))
  const step = async (mode: string, note: RegExp) => {
    await prep.generate()
    await expect(prep.result).toHaveAttribute('data-mode', mode, { timeout: 45_000 })
    await expect(prep.result).toContainText(note, { timeout: 45_000 })
    for (const panel of ['before', 'after']) {
      await expect(prep.result.getByTestId(`prep-${panel}`).getByRole('img')).toBeVisible()
    }
  }
  // 1. straighten (5 credits)
  await expect(prep.tool('straighten')).toHaveAttribute('aria-checked', 'true')
  await expect(prep.cost).toHaveText('5 credits')
  await step('straighten', /Verticals straightened: they leaned [\d.]+° on average, now 0(\.\d)?°/)
  await prep.expectBalance(400 - 5)
  // 2. the straightened photo goes on to the light (5 credits)
  await prep.continueButton.click()
  await expect(prep.tool('light')).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('prep-strength')).toHaveValue('70')
  await step('light', /Light corrected at 70 % strength: exposure [\d.-]+ EV/)
  await prep.expectBalance(400 - 10)
  // 3. and on to a new sky (10 credits), its confidence shown
  await prep.continueButton.click()
  await expect(prep.tool('sky')).toHaveAttribute('aria-checked', 'true')
  await page.getByTestId('prep-sky-blue').click()
  await expect(prep.cost).toHaveText('10 credits')
  await step('sky', /New sky over \d+ % of the picture, found with \d+ % confidence/)
  await prep.expectBalance(400 - 20)
  await page.getByTestId('view-compare').click()
  await expect(prep.result.getByTestId('compare-slider')).toBeVisible()
})
