import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { animate, favorite, renderSketch, startSketch, waitForJobs } from './gallery-data'
import { GalleryPage } from './pages/GalleryPage'

test.describe('Gallery', () => {
  test.beforeEach(async ({ page }) => {
    await dismissConsent(page)
    await signUpThroughApi(page)
  })

  test('the tabs show all, images, videos and favourites, each filtered on the server', async ({ page }) => {
    test.slow() // it renders a video first
    const pavilion = await renderSketch(page, 'a timber pavilion in a birch wood')
    const terrace = await renderSketch(page, 'a brick terrace with green doors')
    const video = await animate(page, pavilion.id, 'a slow approach to the entrance')
    await favorite(page, terrace.id)

    const gallery = new GalleryPage(page)
    await gallery.goto()
    await gallery.expectIds([video.id, terrace.id, pavilion.id])

    const asked = (filter: string) =>
      page.waitForRequest((r) => r.url().includes('/api/user/generations?') && r.url().includes(filter))
    for (const [tab, filter, ids] of [
      ['Images', 'type=image', [terrace.id, pavilion.id]],
      ['Videos', 'type=video', [video.id]],
      ['Favorites', 'favorite=true', [terrace.id]],
    ] as const) {
      const request = asked(filter)
      await gallery.tab(tab).click()
      await request
      await expect(gallery.tab(tab)).toHaveAttribute('aria-selected', 'true')
      await gallery.expectIds([...ids])
    }
    // the address keeps the tab: a reload lands on the same list
    await expect(page).toHaveURL(/tab=favorites/)
    await page.reload()
    await expect(gallery.tab('Favorites')).toHaveAttribute('aria-selected', 'true')
    await gallery.expectIds([terrace.id])

    // search by prompt text, on the server too
    await gallery.tab('All').click()
    const searched = asked('q=pavilion')
    await gallery.search.fill('pavilion')
    await searched
    await gallery.expectIds([pavilion.id])
    await page.getByTestId('clear-filters').click()
    await gallery.expectIds([video.id, terrace.id, pavilion.id])
  })

  test('favourite and unfavourite a result; the star reverts with a message when the server refuses', async ({
    page,
  }) => {
    const house = await renderSketch(page, 'a house on a hill')
    const gallery = new GalleryPage(page)
    await gallery.goto()

    const star = await gallery.tileAction(house.id, 'favorite')
    await star.click()
    await expect(star).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByText('Added to favorites.')).toBeVisible()
    await gallery.tab('Favorites').click()
    await gallery.expectIds([house.id])

    // unfavourite from the Favorites tab: the server agrees and the result leaves the tab
    await (await gallery.tileAction(house.id, 'favorite')).click()
    await expect(page.getByText('Removed from favorites.')).toBeVisible()
    await gallery.expectIds([])

    // the server refuses: the star turns on at once, then back off, with the words of
    // docs/product.md#favourite
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/user/generations/*/favorite', async (route) => {
      await held
      await route.fulfill({
        status: 500,
        json: { error: { code: 'internal', message: 'Something went wrong' } },
      })
    })
    await gallery.tab('All').click()
    const again = await gallery.tileAction(house.id, 'favorite')
    await again.click()
    await expect(again).toHaveAttribute('aria-pressed', 'true')
    release()
    await expect(page.getByText('Failed to update favorite status', { exact: true })).toBeVisible()
    await expect(gallery.tile(house.id).getByTestId('tile-favorite')).toHaveAttribute('aria-pressed', 'false')
    const stored = await page.request.get(`/api/user/generations/${house.id}`)
    expect((await stored.json()).generation.favorite).toBe(false)
  })

  test('delete asks first: Cancel keeps the image or the video, Delete removes it from every list', async ({
    page,
  }) => {
    test.slow() // it renders a video first
    const keep = await renderSketch(page, 'a courtyard house')
    const gone = await renderSketch(page, 'a glass pavilion')
    const video = await animate(page, keep.id, 'orbit around the courtyard')
    await favorite(page, gone.id)
    const gallery = new GalleryPage(page)
    // the Favorites list is in the cache too: a deletion must reach it without a reload
    await gallery.goto('?tab=favorites')
    await gallery.expectIds([gone.id])
    await gallery.tab('All').click()
    await gallery.expectIds([video.id, gone.id, keep.id])

    await (await gallery.tileAction(video.id, 'delete')).click()
    await expect(gallery.confirmDialog).toContainText('Delete this video? This cannot be undone.')
    await gallery.cancel()
    await expect(gallery.confirmDialog).toBeHidden()

    await (await gallery.tileAction(gone.id, 'delete')).click()
    await expect(gallery.confirmDialog).toContainText('Delete this image? This cannot be undone.')
    await gallery.cancel()
    await gallery.expectIds([video.id, gone.id, keep.id])

    await (await gallery.tileAction(gone.id, 'delete')).click()
    await gallery.confirm()
    await expect(page.getByText('Deleted from your gallery.')).toBeVisible()
    await gallery.expectIds([video.id, keep.id])
    await gallery.tab('Favorites').click()
    await expect(page.getByText('No favorites yet')).toBeVisible()
    await page.reload()
    await expect(page.getByText('No favorites yet')).toBeVisible()
    expect((await page.request.get(`/api/user/generations/${gone.id}`)).status()).toBe(404)
  })

  test('download gives the result under a meaningful name, with Content Credentials added and the picture unchanged', async ({
    page,
  }) => {
    const villa = await renderSketch(page, 'Modern villa by the lake')
    const gallery = new GalleryPage(page)
    await gallery.goto()
    const downloading = page.waitForEvent('download')
    await (await gallery.tileAction(villa.id, 'download')).click()
    const download = await downloading
    const extension = villa.outputImageUrl!.split('.').pop()
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^parti-sketch-render-modern-villa-by-the-lake-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.${extension}$`),
    )
    // the stored master, as the gallery shows it; the download is that picture with a C2PA manifest added
    // (docs/decisions/0113-c2pa-signing-at-download.md): the same pixels, more bytes, and the manifest's label
    const original = await (await page.request.get(villa.outputImageUrl!)).body()
    const downloaded = readFileSync((await download.path())!)
    expect(downloaded.length).toBeGreaterThan(original.length)
    expect(downloaded.includes(Buffer.from('c2pa'))).toBe(true)
    const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer()
    expect((await pixels(downloaded)).equals(await pixels(original))).toBe(true)
  })

  test('jobs in progress show as placeholders with their seconds and turn into results live', async ({
    page,
  }) => {
    const gallery = new GalleryPage(page)
    await gallery.goto()
    await expect(page.getByText('Your gallery is empty')).toBeVisible()
    // five at once: the two workers keep some waiting long enough to be seen
    const ids = await Promise.all(
      ['north', 'south', 'east', 'west', 'centre'].map((n) => startSketch(page, `a ${n} elevation`)),
    )
    await expect(gallery.pending.first()).toBeVisible()
    await expect(gallery.pending.first()).toContainText(/\d+ s/)
    await expect(gallery.inProgress).toBeVisible()
    await waitForJobs(page, ids)
    // newest first, as the server lists them (they started in parallel)
    const listed = (await (await page.request.get('/api/user/generations')).json()).generations.map(
      (g: { id: string }) => g.id,
    )
    expect([...listed].sort()).toEqual([...ids].sort())
    await gallery.expectIds(listed)
    await expect(gallery.pending).toHaveCount(0)
    await expect(gallery.inProgress).toBeHidden()
  })

  test('the sidebar badge counts results finished elsewhere and clears when the gallery opens', async ({
    page,
    shell,
  }) => {
    await page.goto('/pricing')
    const galleryLink = shell.sidebar.getByRole('link', { name: /^Gallery/ })
    await expect(galleryLink).toBeVisible()
    const id = await startSketch(page, 'a boathouse')
    await waitForJobs(page, [id])
    await expect(galleryLink).toContainText('1')
    await galleryLink.click()
    await expect(page).toHaveURL(/\/gallery/)
    await expect(new GalleryPage(page).tile(id)).toBeVisible()
    await expect(galleryLink).not.toContainText('1')
  })
})
