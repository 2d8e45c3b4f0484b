import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { AskPartiScreen } from './pages/AskPartiScreen'
import { FIXTURES } from './pages/CreateScreen'
import { DetailView } from './pages/DetailView'
import { GalleryPage } from './pages/GalleryPage'
import { SketchScreen } from './pages/SketchScreen'

const START = 400 // e2e accounts start with 400 credits (playwright.config.ts FREE_CREDITS)
const SHOTS = process.env.PARTI_SHOTS_DIR
if (SHOTS) mkdirSync(SHOTS, { recursive: true })
/**
 * With PARTI_SHOTS_DIR set, pictures of the screen as it is, then in dark and Arabic on a phone, for a person to
 * look at (the brief asks for both themes, both directions, both sizes); they change nothing on the page.
 */
async function shot(page: Page, name: string) {
  if (!SHOTS) return
  await page.screenshot({ path: `${SHOTS}/${name}-desktop-light-en.png` })
  await page.evaluate(() => document.documentElement.classList.add('dark'))
  await page.getByTestId('language-picker').click()
  await page.getByRole('menuitemradio', { name: 'العربية' }).click()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/${name}-phone-dark-ar.png`, fullPage: true })
  await page.getByTestId('language-picker').click()
  await page.getByRole('menuitemradio', { name: 'English' }).click()
  await page.evaluate(() => document.documentElement.classList.remove('dark'))
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** An Ask Parti edit of an earlier result, through the API the screens use; waits until it is done. */
async function editOf(page: Page, sourceGenerationId: string, userPrompt: string): Promise<string> {
  const started = await page.request.post('/api/render/start', {
    multipart: { generationType: 'chat-edit', userPrompt, sourceGenerationId },
  })
  expect(started.status()).toBe(202)
  const id = (await started.json()).generation.id as string
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/user/generations/${id}`)).json()).generation.status as string,
      { timeout: 45_000 },
    )
    .toBe('completed')
  return id
}

test.describe('variations and versions', () => {
  // three renders and three edits on the local engine beside the browser, on a shared machine
  test.describe.configure({ timeout: 240_000 })

  test.beforeEach(async ({ page }) => {
    await dismissConsent(page)
    await signUpThroughApi(page)
  })

  test('a user asks for three variations, keeps one, edits it, branches, and compares two versions', async ({
    page,
  }) => {
    const sketch = new SketchScreen(page)
    // the first screen of a fresh server waits for its catalogue (style previews) on a busy machine
    await page.goto(sketch.path)
    await expect(sketch.generateButton).toBeVisible({ timeout: 60_000 })
    await sketch.upload.setInputFiles(FIXTURES.sketch)
    await sketch.describe('a two-storey family house with a pitched roof')
    await page.getByTestId('variations-3').click()
    await expect(sketch.cost).toHaveText('60 credits')
    await sketch.generate()

    // the strip: three variations, each its own result; the third is shown, then kept
    const strip = page.getByTestId('variation-strip')
    const items = strip.getByTestId('variation-item')
    await expect(items).toHaveCount(3)
    await expect(strip.locator('img')).toHaveCount(3, { timeout: 60_000 })
    await items.nth(2).click()
    await expect(items.nth(2)).toHaveAttribute('aria-pressed', 'true')
    const kept = await sketch.resultId()
    await page.getByTestId('variation-keep').click()
    await expect(page.getByTestId('variation-kept')).toBeVisible()
    await sketch.expectBalance(START - 60)
    await shot(page, 'strip')

    // the gallery shows the request by its kept variation when asked
    const gallery = new GalleryPage(page)
    await gallery.goto('?picked=1')
    await gallery.expectIds([kept])
    await gallery.goto()
    await expect(gallery.tiles).toHaveCount(3)

    // two edits, then back to the first edit and another: a branch
    const b = await editOf(page, kept, 'make it brighter')
    const c = await editOf(page, b, 'make it warmer')
    const c2 = await editOf(page, b, 'black and white')

    await gallery.goto()
    await gallery.open(c2)
    const detail = new DetailView(page)
    // how it was made
    await expect(detail.root.getByTestId('made-with')).toContainText('local')
    await detail.root.getByTestId('tab-versions').click()
    const nodes = detail.root.getByTestId('version-node')
    await expect(nodes).toHaveCount(4)
    await expect(nodes.nth(0)).toHaveAttribute('data-generation-id', kept)
    await expect(nodes.nth(2)).toHaveAttribute('data-generation-id', c)
    await expect(nodes.nth(3)).toHaveAttribute('data-depth', '2')
    // any two versions in the before/after viewer
    await nodes.nth(0).getByTestId('version-compare').check()
    await nodes.nth(2).getByTestId('version-compare').check()
    await expect(detail.compare).toBeVisible()
    await shot(page, 'versions')
  })

  test('Ask Parti: three variations of an edit to pick from, a repeat not charged, then branches to switch between', async ({
    page,
    shell,
  }) => {
    const chat = new AskPartiScreen(page)
    await chat.goto()
    await chat.attachFile.setInputFiles(FIXTURES.room)
    await chat.prompt.fill('make it brighter')
    // the price of every variation, said before sending
    await page.getByTestId('variations-3').click()
    await expect(page.getByTestId('composer-cost')).toHaveText('3 × 20 = 60 credits')
    await chat.send.click()

    // the reply shows the strip; the second is shown and kept
    const strip = page.getByTestId('variation-strip')
    const items = strip.getByTestId('variation-item')
    await expect(items).toHaveCount(3, { timeout: 30_000 })
    await expect(strip.locator('img')).toHaveCount(3, { timeout: 60_000 })
    await items.nth(1).click()
    await expect(items.nth(1)).toHaveAttribute('aria-pressed', 'true')
    const kept = await chat.resultId(1)
    await page.getByTestId('variation-keep').click()
    await expect(page.getByTestId('variation-kept')).toBeVisible()
    await expect(shell.credits).toContainText(`${START - 60}`)
    await shot(page, 'ask-parti-strip')

    // three variations of black and white are one picture on the local engine: two are kept free, with a note
    await page.getByTestId('keep-editing').click()
    await page.getByTestId('variations-3').click()
    await chat.ask('black and white')
    const second = page.getByTestId('variation-strip').nth(1)
    await expect(second.locator('img')).toHaveCount(3, { timeout: 60_000 })
    await expect(shell.credits).toContainText(`${START - 80}`, { timeout: 30_000 })
    let repeats = 0
    for (const i of [0, 1, 2]) {
      const item = second.getByTestId('variation-item').nth(i)
      await item.click()
      await expect(item).toHaveAttribute('aria-pressed', 'true')
      const reply = page.getByTestId('chat-result').last()
      await expect(reply).toContainText('Done: I made it black and white.')
      if (await reply.getByText(/^The same picture as variation \d/).count()) repeats++
    }
    expect(repeats).toBe(2)

    // the kept variation edited again elsewhere: a branch beside the black-and-white edit
    await editOf(page, kept, 'make it warmer')
    await page.reload()
    const switcher = page.getByTestId('branch-switcher').last()
    await expect(switcher.getByTestId('branch-position')).toContainText(/\/\s*[4-9]/, { timeout: 30_000 })
    const before = await page.getByTestId('chat-result').last().getAttribute('data-generation-id')
    const next = switcher.getByTestId('branch-next')
    await ((await next.isEnabled()) ? next : switcher.getByTestId('branch-previous')).click()
    await expect(page.getByTestId('chat-result').last()).not.toHaveAttribute('data-generation-id', before!)
    await shot(page, 'ask-parti-branches')
  })
})
