import { readFileSync } from 'node:fs'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { FIXTURES } from './pages/CreateScreen'
import { VideoScreen } from './pages/VideoScreen'

const START = 400

test.describe('Image to Video', () => {
  // jobs run on the local engine beside the browser: leave room for a busy machine
  test.describe.configure({ timeout: 60_000 })

  test.beforeEach(async ({ page }) => {
    await dismissConsent(page)
    await signUpThroughApi(page)
  })

  test('shows the messages for a missing image, a bad URL and a missing description', async ({ page }) => {
    const video = new VideoScreen(page)
    await video.goto()
    await video.expectReason('Please upload an image or provide an image URL')
    await video.expectReason('Please describe the animation you want to create')
    await video.useUrl()
    await video.urlField.fill('house.jpg')
    await video.expectReason('Invalid image URL')
    await video.pressBlockedGenerate()
    await expect(video.fieldMessage('Invalid image URL')).toBeVisible()
  })

  test('a 10 s video costs 300 credits, plays, is in the gallery; the next one asks to buy credits', async ({
    page,
  }) => {
    // a 10 s video takes the local engine a few seconds, longer while other scenarios share the two cores
    test.setTimeout(90_000)
    const video = new VideoScreen(page)
    await video.goto()
    await expect(video.cost).toHaveText('200 credits')
    await video.upload.setInputFiles(FIXTURES.room)
    await video.describe('a slow push towards the window')
    await video.duration(10)
    await video.camera('dolly_in')
    await expect(video.cost).toHaveText('300 credits')
    await video.generate()

    // the generating message with an estimate, then the player
    await expect(page.getByText('Generating your video…')).toBeVisible()
    const id = await video.resultId()
    await expect(video.player).toHaveAttribute('src', /\.mp4/)
    await expect(video.result).toContainText('10 seconds · Dolly in')
    await video.expectBalance(START - 300)

    // 100 credits left: a second 10 s video cannot run, and pressing Generate offers to buy credits
    await video.expectReason('You need 300 credits for this video. Please purchase more credits.')
    await video.pressBlockedGenerate()
    await expect(video.insufficientDialog).toBeVisible()
    await expect(page.getByRole('dialog')).toContainText(
      'You need 300 credits for this video. Please purchase more credits.',
    )
    await expect(video.insufficientDialog.getByRole('link', { name: 'Buy credits' })).toHaveAttribute(
      'href',
      '/pricing',
    )
    await page.keyboard.press('Escape')
    await video.expectInGallery(id)
  })

  test('when the balance shown is out of date, the server’s 402 opens the insufficient-credits dialog', async ({
    page,
  }) => {
    // live updates down: this page does not learn that credits were spent elsewhere
    await page.route('**/api/events', (route) => route.abort())
    const video = new VideoScreen(page)
    await video.goto()
    await video.upload.setInputFiles(FIXTURES.room)
    await video.describe('a slow orbit around the room')
    await video.duration(10)
    // another device spends 120 of the 400 credits meanwhile (five multi-angle views and a sketch render; the
    // built-in engine makes no interior from a drawing of the outside)
    const sketch = { name: 'house.png', mimeType: 'image/png', buffer: readFileSync(FIXTURES.sketch) }
    const requests: Record<string, string | typeof sketch>[] = [
      {
        generationType: 'multi-angle',
        userPrompt: 'a house',
        angles: 'front,side,aerial,corner,contextual',
        sketch,
      },
      { generationType: 'sketch-render', userPrompt: 'a house', sketch },
    ]
    for (const multipart of requests) {
      const spent = await page.request.post('/api/render/start', { multipart })
      expect(spent.status()).toBe(202)
    }
    await video.expectBalance(START)
    // 280 left on the server, 400 shown here: the 10 s video is sent and refused
    await video.generate()
    await expect(video.insufficientDialog).toBeVisible()
    await expect(page.getByRole('dialog')).toContainText('You need 300 credits')
  })
})
