import { expect, type Locator, type Page } from '@playwright/test'
import { CreateScreen } from './CreateScreen'

/** /staging: Home Staging. */
export class StagingScreen extends CreateScreen {
  readonly upload: Locator
  readonly result: Locator

  constructor(page: Page) {
    super(page, '/staging')
    this.upload = page.locator('[data-testid="room-upload"] input[type="file"]')
    this.result = page.getByTestId('staging-result')
  }

  async roomType(name: string) {
    await this.page.getByTestId('room-type').getByText(name, { exact: true }).click()
  }

  async style(name: string) {
    await this.page.getByTestId('staging-style').getByText(name, { exact: true }).click()
  }

  async resultId(): Promise<string> {
    await expect(this.result).toBeVisible({ timeout: 30_000 })
    return (await this.result.getAttribute('data-generation-id'))!
  }
}
