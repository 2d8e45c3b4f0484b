import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { copies, renderSketch } from './gallery-data'
import { GalleryPage } from './pages/GalleryPage'

test.describe('Gallery paging (100 at a time)', () => {
  test.beforeEach(async ({ page }) => {
    await dismissConsent(page)
    await signUpThroughApi(page)
  })

  test('scrolling through 150 results loads each once, in order, in two keyset pages', async ({ page }) => {
    const first = await renderSketch(page, 'a lighthouse')
    const expected = [first.id, ...(await copies(page, first.id, 149))]

    const pages: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/user/generations?'))
        pages.push(new URL(r.url()).searchParams.get('cursor') ?? '')
    })
    const gallery = new GalleryPage(page)
    await gallery.goto()
    await expect(gallery.grid).toHaveAttribute('data-count', '100')

    // the grid is virtualised: note every tile it ever shows, with its place in the list
    await page.evaluate(() => {
      const seen: Array<[number, string]> = []
      ;(window as unknown as { __seen: typeof seen }).__seen = seen
      const note = (el: Element) => {
        const tile = el.querySelector?.('[data-testid="gallery-tile"]')
        const item = tile?.closest('li')
        if (tile && item)
          seen.push([Number(item.getAttribute('aria-posinset')), tile.getAttribute('data-id')!])
      }
      for (const li of document.querySelectorAll('[data-testid="gallery-grid"] > li')) note(li)
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n instanceof Element) note(n)
      }).observe(document.querySelector('[data-testid="gallery-grid"]')!, { childList: true })
    })

    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 900)
          // the end of the list on screen (isVisible would not say the page is scrolled to it)
          return page.evaluate(() => {
            const end = document.querySelector('[data-testid="gallery-end"]')
            return !!end && end.getBoundingClientRect().bottom <= window.innerHeight
          })
        },
        { timeout: 20_000, intervals: [50] },
      )
      .toBe(true)
    await expect(gallery.grid).toHaveAttribute('data-count', '150')

    const seen = await page.evaluate(() => (window as unknown as { __seen: Array<[number, string]> }).__seen)
    const byPlace = new Map<number, Set<string>>()
    for (const [place, id] of seen) byPlace.set(place, (byPlace.get(place) ?? new Set()).add(id))
    // every place showed exactly one result, the one the server lists there
    expect([...byPlace.keys()].sort((a, b) => a - b)).toEqual(expected.map((_, i) => i + 1))
    for (const [place, ids] of byPlace) expect([...ids], `place ${place}`).toEqual([expected[place - 1]])
    // the first page, then one page by its cursor; nothing asked twice
    expect(pages).toHaveLength(2)
    expect(pages[0]).toBe('')
    expect(pages[1]).not.toBe('')
  })
})
