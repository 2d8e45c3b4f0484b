import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { FIXTURES } from './pages/CreateScreen'
import { StagingScreen } from './pages/StagingScreen'

// jobs run on the local engine beside the browser: leave room for a busy machine
test.describe.configure({ timeout: 60_000 })

const START = 400

test('Home Staging: a signed-up user stages a room and sees original, cleaned and staged; 40 credits spent', async ({
  page,
}) => {
  await dismissConsent(page)
  await signUpThroughApi(page)
  const staging = new StagingScreen(page)
  await staging.goto()
  await staging.expectReason('Please upload a room photo')
  await expect(staging.cost).toHaveText('40 credits')

  await staging.upload.setInputFiles(FIXTURES.room)
  await staging.roomType('Bedroom')
  await staging.style('Scandinavian')
  await staging.expectNoReasons()
  await staging.generate()

  const id = await staging.resultId()
  for (const panel of ['original', 'cleaned', 'staged']) {
    await expect(staging.result.getByTestId(`staging-${panel}`).getByRole('img')).toBeVisible()
  }
  await page.getByTestId('view-compare').click()
  await expect(staging.result.getByTestId('compare-slider')).toBeVisible()
  await staging.expectBalance(START - 40)
  await staging.expectInGallery(id)
})

test('with live updates down, a result still arrives by the 5 s polling fallback', async ({ page }) => {
  await page.route('**/api/events', (route) => route.abort())
  await dismissConsent(page)
  await signUpThroughApi(page)
  const staging = new StagingScreen(page)
  await staging.goto()
  await staging.upload.setInputFiles(FIXTURES.room)
  await staging.generate()
  // the placeholder counts the seconds, then polling (every 5 s) brings the result
  await expect(page.getByTestId('pending-result')).toContainText(/\d+ s/)
  await expect(staging.result).toBeVisible({ timeout: 15_000 })
})
