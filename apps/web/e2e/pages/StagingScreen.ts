import { expect, type Locator, type Page } from '@playwright/test'
import { CreateScreen } from './CreateScreen'
import { drawEllipse } from './lasso'

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

  /** Sets the staging options to exactly these (by their data-testid names, e.g. 'removeClutter'). */
  async options(wanted: string[]) {
    for (const card of await this.page.locator('[data-testid^="option-card-"]').all()) {
      const name = (await card.getAttribute('data-testid'))!.slice('option-card-'.length)
      const box = card.locator('input[type="checkbox"]')
      if ((await box.isChecked()) !== wanted.includes(name)) await card.click()
    }
  }

  option(name: string): Locator {
    return this.page.getByTestId(`option-card-${name}`)
  }

  /** Draws an ellipse on the room photo's lasso, centre and radii as fractions of the photo. */
  async drawLasso(cx: number, cy: number, rx: number, ry: number) {
    await drawEllipse(
      this.page,
      this.page.getByTestId('staging-lasso').getByTestId('lasso-layer'),
      cx,
      cy,
      rx,
      ry,
    )
  }

  async resultId(): Promise<string> {
    await expect(this.result).toBeVisible({ timeout: 30_000 })
    return (await this.result.getAttribute('data-generation-id'))!
  }
}
