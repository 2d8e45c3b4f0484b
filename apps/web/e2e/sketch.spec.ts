import { readFileSync } from 'node:fs'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { FIXTURES, NOT_AN_IMAGE } from './pages/CreateScreen'
import { SketchScreen } from './pages/SketchScreen'

const START = 400 // e2e accounts start with 400 credits (playwright.config.ts FREE_CREDITS)

test.describe('Sketch Render', () => {
  // jobs run on the local engine beside the browser: leave room for a busy machine
  test.describe.configure({ timeout: 60_000 })

  test.beforeEach(async ({ page }) => {
    await dismissConsent(page)
    await signUpThroughApi(page)
  })

  test('a signed-up user renders a sketch, compares it and finds it in the gallery, 20 credits spent', async ({
    page,
  }) => {
    const sketch = new SketchScreen(page)
    await sketch.goto()
    // docs/product.md#validation-sketch, exactly, next to the button
    await sketch.expectReason('Please upload a sketch file')
    await sketch.expectReason('Please describe what is in your sketch (e.g., "a living room")')
    await expect(sketch.cost).toHaveText('20 credits')
    // pressing Generate anyway puts the message at the field
    await sketch.pressBlockedGenerate()
    await expect(sketch.fieldMessage('Please upload a sketch file')).toBeVisible()

    await sketch.upload.setInputFiles(FIXTURES.sketch)
    await sketch.describe('a two-storey family house with a pitched roof')
    await sketch.chooseStyle('Watercolour Wash')
    await sketch.choosePalette('Japandi')
    await sketch.expectNoReasons()
    await sketch.generate()

    const id = await sketch.resultId()
    await expect(sketch.result.getByTestId('compare-slider')).toBeVisible()
    await expect(sketch.result.getByTestId('engine-note')).toContainText('Parti built-in engine')
    await sketch.expectBalance(START - 20)
    // 'use as input': the render becomes the video's image
    await sketch.result.getByTestId('use-for-video').click()
    await expect(page).toHaveURL(/\/video$/)
    await expect(page.getByTestId('video-upload')).toContainText('From your gallery')
    await sketch.expectInGallery(id)
  })

  test('multi-angle views: 20 credits per angle, its messages, and how many angles succeeded', async ({
    page,
  }) => {
    const sketch = new SketchScreen(page)
    await sketch.goto()
    await sketch.multiAngle()
    await sketch.setAngles([])
    await sketch.expectReason('Please upload a sketch file')
    await sketch.expectReason('Please describe the building')
    await sketch.expectReason('Please select at least one angle to generate')
    await expect(page.getByText('Tip: pick 3-4 angles at once.')).toBeVisible()

    await sketch.upload.setInputFiles(FIXTURES.sketch)
    await sketch.describeBuilding('a two-storey family house')
    await sketch.setAngles(['front', 'side', 'corner', 'aerial'])
    await expect(sketch.cost).toHaveText('80 credits')
    await sketch.expectNoReasons()
    await sketch.generate()

    await expect(sketch.anglesReport).toHaveText(/4 of 4 angles succeeded/, { timeout: 45_000 })
    await expect(sketch.multiResult.getByText('Draft view').first()).toBeVisible()
    await sketch.expectBalance(START - 80)
    const front = await sketch.multiResult
      .getByTestId('angle-result-front')
      .getAttribute('data-generation-id')
    await sketch.expectInGallery(front!)
  })

  test('refuses a file that is not an image before sending it', async ({ page }) => {
    const sketch = new SketchScreen(page)
    await sketch.goto()
    await sketch.upload.setInputFiles(NOT_AN_IMAGE)
    await expect(
      sketch.fieldMessage('Please select a valid image file (PNG, JPEG, WebP, HEIC, AVIF, TIFF or PDF)'),
    ).toBeVisible()
    await sketch.expectReason('Please upload a sketch file')
  })
})

test('on a phone, in Arabic, a picked sketch never makes the screen scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await dismissConsent(page)
  await page.addInitScript(() =>
    localStorage.setItem('parti.language', JSON.stringify({ v: 1, value: 'ar' })),
  )
  await signUpThroughApi(page)
  const sketch = new SketchScreen(page)
  await sketch.goto()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await sketch.upload.setInputFiles({
    name: `${'a-very-long-file-name-from-a-site-survey-'.repeat(3)}.png`,
    mimeType: 'image/png',
    buffer: readFileSync(FIXTURES.sketch),
  })
  await expect(page.getByTestId('sketch-upload').getByRole('img')).toBeVisible()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBe(0)
})
