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
  // where the staged room differs from the original, tinted on request
  await expect(staging.result.getByTestId('changes-overlay')).toHaveCount(0)
  await staging.result.getByRole('switch', { name: 'Show changes' }).click()
  await expect(staging.result.getByTestId('changes-overlay')).toBeVisible()
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

test('before paying, the options the built-in engine cannot do are marked; a lasso makes decluttering doable for 20 credits', async ({
  page,
}) => {
  await dismissConsent(page)
  await signUpThroughApi(page)
  const staging = new StagingScreen(page)
  await staging.goto()
  await staging.upload.setInputFiles(FIXTURES.room)
  await staging.options(['removeClutter', 'addDecor'])

  // marked with the reason in words, before anything is charged
  await expect(staging.option('addDecor')).toHaveAttribute('data-level', 'cannot')
  await expect(staging.option('addDecor')).toContainText('does not draw new objects')
  await expect(staging.option('removeClutter')).toHaveAttribute('data-level', 'cannot')
  await expect(staging.option('removeClutter')).toContainText('removes only what you select with the lasso')
  await expect(page.getByTestId('support-roomType')).toContainText('does not use this field')
  await staging.expectReason('What you asked for is not available on the engine serving it.')

  // a lasso around the clutter: removal becomes doable, only the cleaning runs and is charged
  await staging.drawLasso(0.3, 0.7, 0.15, 0.1)
  await expect(page.getByTestId('staging-lasso-status')).toHaveText('Areas to remove: 1')
  await expect(staging.option('removeClutter')).toHaveAttribute('data-level', 'approximates')
  await expect(staging.option('addDecor')).toHaveAttribute('data-level', 'cannot')
  await expect(staging.cost).toHaveText('20 credits')
  await expect(page.getByTestId('cost-detail')).toHaveText('· 20 cleaning only, nothing to stage')
  await staging.expectNoReasons()
  await staging.generate()

  await staging.resultId()
  await expect(staging.result.getByTestId('result-notes')).toContainText('Staging: not run and not charged')
  await expect(staging.result.getByTestId('result-notes')).toContainText('Add decor: not done')
  await staging.expectBalance(START - 20)
})
