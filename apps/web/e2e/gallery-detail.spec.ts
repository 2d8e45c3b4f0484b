import { readFileSync } from 'node:fs'
import type { Download } from '@playwright/test'
import sharp from 'sharp'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { renderSketch, waitForJobs } from './gallery-data'
import { DetailView } from './pages/DetailView'
import { GalleryPage } from './pages/GalleryPage'

async function pixels(download: Download) {
  const { data, info } = await sharp(readFileSync((await download.path())!))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

test.describe('Gallery detail area', () => {
  test.beforeEach(async ({ page }) => {
    await dismissConsent(page)
    await signUpThroughApi(page)
  })

  test('a lasso inpaint makes a new result, linked to its source, whose unmasked pixels match the source', async ({
    page,
  }) => {
    test.slow() // two jobs and a pixel-by-pixel comparison
    const source = await renderSketch(page, 'a house with two windows and a door')
    const gallery = new GalleryPage(page)
    const detail = new DetailView(page)
    await gallery.goto()
    await gallery.open(source.id)

    await detail.mode('inpaint').click()
    await page.getByLabel('What should be there instead?').fill('a wooden shutter')
    await detail.submit()
    // docs/product.md#validation-inpaint, exactly
    await expect(detail.lassoError).toHaveText(
      'Please select an area with the lasso tool to indicate areas to inpaint',
    )

    // a freehand outline around the left window: an ellipse at 32 % across, 55 % down
    const area = { cx: 0.32, cy: 0.55, rx: 0.09, ry: 0.1 }
    await detail.drawLasso(area.cx, area.cy, area.rx, area.ry)
    await expect(detail.lasso).toHaveAttribute('data-areas', '1')
    await expect(detail.lassoError).toBeHidden()
    await detail.submit()

    // the detail area follows the new job, which links back to its source
    await expect(detail.root).not.toHaveAttribute('data-id', source.id)
    const resultId = (await detail.root.getAttribute('data-id'))!
    await waitForJobs(page, [resultId])
    await expect(detail.after).toBeVisible()
    await expect(detail.pending).toBeHidden()
    const made = (await (await page.request.get(`/api/user/generations/${resultId}`)).json()).generation
    expect(made).toMatchObject({ mode: 'inpaint', sourceGenerationId: source.id, status: 'completed' })

    let downloading = page.waitForEvent('download')
    await detail.root.getByTestId('detail-download').click()
    const after = await pixels(await downloading)

    await detail.root.getByTestId('open-source').click()
    await detail.expectShowing(source.id)
    downloading = page.waitForEvent('download')
    await detail.root.getByTestId('detail-download').click()
    const before = await pixels(await downloading)

    expect([after.width, after.height]).toEqual([before.width, before.height])
    const { width, height } = before
    // Outside the drawn area and its blend band (about 1/128 of the long side) every pixel is the source's,
    // exactly: the runner composites every engine's edit back onto the source (docs/product.md#masked-edits).
    const band = Math.round(Math.max(width, height) / 128) + 2
    const outside: number[] = []
    const inside: number[] = []
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3
        const diff = Math.max(
          Math.abs(after.data[i]! - before.data[i]!),
          Math.abs(after.data[i + 1]! - before.data[i + 1]!),
          Math.abs(after.data[i + 2]! - before.data[i + 2]!),
        )
        const ex = (x - area.cx * width) / (area.rx * width + band)
        const ey = (y - area.cy * height) / (area.ry * height + band)
        const ix = (x - area.cx * width) / (area.rx * width)
        const iy = (y - area.cy * height) / (area.ry * height)
        if (ex * ex + ey * ey > 1) outside.push(diff)
        else if (ix * ix + iy * iy <= 1) inside.push(diff)
      }
    }
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length
    test.info().annotations.push({
      type: 'pixels',
      description: `unmasked: ${outside.filter((d) => d > 0).length} pixels differ; masked: mean ${mean(inside).toFixed(1)}`,
    })
    expect(outside.length).toBeGreaterThan(width * height * 0.9)
    expect(outside.filter((d) => d > 0)).toHaveLength(0)
    // measured: mean 80 inside the lasso
    expect(mean(inside)).toBeGreaterThan(20)

    // the result says how much changed, and shows where
    await gallery.goto()
    await gallery.open(resultId)
    await expect(detail.root.getByTestId('detail-changed-area')).toContainText(
      /Changed \d+(\.\d)?% of the picture/,
    )
    await detail.root.getByTestId('show-changes').click()
    await expect(detail.root.getByTestId('show-changes')).toHaveAttribute('aria-pressed', 'true')
    await expect(detail.root.locator('[data-testid="changes-overlay"][data-ready]')).toBeAttached()
  })

  test('before, after and comparison views, zoom, and stepping through results', async ({ page }) => {
    const older = await renderSketch(page, 'a farmhouse')
    const newer = await renderSketch(page, 'a barn conversion')
    const gallery = new GalleryPage(page)
    const detail = new DetailView(page)
    await gallery.goto()
    await gallery.open(newer.id)

    await expect(detail.view('after')).toHaveAttribute('aria-checked', 'true')
    await expect(detail.after).toBeVisible()
    await detail.view('before').click()
    await expect(detail.before).toBeVisible()
    await expect(detail.after).toBeHidden()
    await detail.view('compare').click()
    const handle = detail.compare.getByRole('slider', { name: 'Compare before and after' })
    await expect(handle).toHaveAttribute('aria-valuenow', '50')
    await handle.focus()
    await page.keyboard.press('ArrowRight')
    await expect(handle).toHaveAttribute('aria-valuenow', '52')

    await expect(detail.zoomLevel).toHaveText('100%')
    await detail.root.getByTestId('zoom-in').click()
    await expect(detail.zoomLevel).toHaveText('150%')

    // the details panel names what made it
    await expect(detail.root.getByTestId('detail-prompt')).toContainText('a barn conversion')
    await expect(detail.root.getByTestId('detail-engine')).toContainText('Built-in engine')
    await expect(detail.root.getByTestId('detail-processing')).toContainText(' s')

    await detail.root.getByTestId('detail-next').click()
    await detail.expectShowing(older.id)
    await expect(page).toHaveURL(new RegExp(`item=${older.id}`))
    await page.goBack()
    await detail.expectShowing(newer.id)
    await detail.close()
    await expect(page).not.toHaveURL(/item=/)
  })
})
