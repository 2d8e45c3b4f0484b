import type { CameraMovement } from '@parti/contract'
import { expect, type Locator, type Page } from '@playwright/test'
import { CreateScreen } from './CreateScreen'

/** /video: Image to Video. */
export class VideoScreen extends CreateScreen {
  readonly upload: Locator
  readonly urlField: Locator
  readonly result: Locator
  readonly player: Locator

  constructor(page: Page) {
    super(page, '/video')
    this.upload = page.locator('[data-testid="video-upload"] input[type="file"]')
    this.urlField = page.getByTestId('image-url')
    this.result = page.getByTestId('video-result')
    this.player = page.getByTestId('video-player')
  }

  async useUrl() {
    await this.page.getByTestId('source-url').click()
  }

  async describe(text: string) {
    await this.page.getByLabel('Describe the animation').fill(text)
  }

  async duration(seconds: 6 | 10) {
    await this.page.getByTestId(`duration-${seconds}`).check({ force: true })
  }

  async camera(move: CameraMovement) {
    await this.page.getByTestId(`move-${move}`).check({ force: true })
  }

  async resultId(): Promise<string> {
    await expect(this.result).toBeVisible({ timeout: 45_000 })
    return (await this.result.getAttribute('data-generation-id'))!
  }
}
