import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { DetailView } from './pages/DetailView'
import { GalleryPage } from './pages/GalleryPage'

const START = 400 // e2e accounts start with 400 credits (playwright.config.ts FREE_CREDITS)
// a small interior render, as an architect might bring one from a visualiser (480 × 360 px)
const RENDER = fileURLToPath(new URL('./fixtures/small-render.jpg', import.meta.url))

/** A finished picture in the gallery through the API the screens use: an Ask Parti edit of the render. */
async function renderInGallery(page: Page): Promise<string> {
  const started = await page.request.post('/api/render/start', {
    multipart: {
      generationType: 'chat-edit',
      userPrompt: 'make it brighter',
      image: { name: 'render.jpg', mimeType: 'image/jpeg', buffer: readFileSync(RENDER) },
    },
  })
  expect(started.status(), await started.text()).toBe(202)
  const id = (await started.json()).generation.id as string
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/user/generations/${id}`)).json()).generation.status as string,
      { timeout: 60_000 },
    )
    .toBe('completed')
  return id
}

test.describe('print size and upscale', () => {
  // ESRGAN runs on the CPU beside the browser, on a shared machine
  test.describe.configure({ timeout: 300_000 })

  test.beforeEach(async ({ page }) => {
    await dismissConsent(page)
    await signUpThroughApi(page)
  })

  test('an architect sees a render is too small for A3 and upscales it', async ({ page }) => {
    const id = await renderInGallery(page)
    const gallery = new GalleryPage(page)
    const detail = new DetailView(page)
    await gallery.goto()
    await gallery.open(id)

    // A3 at 300 dpi needs 4961 × 3508 px: a 480 × 360 render gives 30 dpi, and the readout says so
    const readout = detail.root.getByTestId('print-readout')
    await expect(readout.getByTestId('print-target')).toHaveValue('a3')
    await expect(readout).toHaveAttribute('data-ok', 'false')
    await expect(readout.getByTestId('print-needs')).toContainText('Needs 4,961 × 3,508 px')
    await expect(readout.getByTestId('print-dpi')).toHaveText('Effective resolution: 30 dpi')
    await expect(readout.getByTestId('print-status')).toContainText('Too small for this size')
    await expect(readout.getByTestId('print-status')).toContainText('4×, brings it to 123 dpi')
    // the MLS long edge is short too; a custom 10 × 7.5 cm card at 120 dpi is not
    await readout.getByTestId('print-target').selectOption('custom')
    await readout.getByTestId('print-custom-widthMm').fill('100')
    await readout.getByTestId('print-custom-heightMm').fill('75')
    await readout.getByTestId('print-custom-dpi').fill('120')
    await expect(readout).toHaveAttribute('data-ok', 'true')
    await readout.getByTestId('print-target').selectOption('a3')

    // the readout's button opens the upscale with 4× chosen, priced
    await readout.getByTestId('print-upscale').click()
    const form = detail.root.getByTestId('upscale-form')
    await expect(form).toBeVisible()
    await expect(form.getByTestId('upscale-factor-4').locator('input')).toBeChecked()
    await expect(form.getByTestId('upscale-factor-4')).toContainText('1,920 × 1,440 px')
    await expect(detail.root.getByTestId('mode-submit')).toHaveText('Upscale 4× · 20 credits')
    await detail.submit()

    // the new result opens, finishes, and says what was done, measured; 20 credits taken after the edit's 20
    await expect(detail.root).not.toHaveAttribute('data-id', id)
    await expect(detail.details.getByTestId('detail-notes')).toContainText('Upscaled 4× to 1920 × 1440 px', {
      timeout: 240_000,
    })
    await expect(detail.details.getByTestId('detail-notes')).toContainText('recorded at 300 dpi')
    const after = detail.root.getByTestId('print-readout')
    await expect(after.getByTestId('print-dpi')).toHaveText('Effective resolution: 123 dpi')
    await expect(page.getByTestId('credit-balance').first()).toHaveText(
      new RegExp(`(^|\\D)${START - 40}(\\D|$)`),
    )
  })
})
