import type { Angle } from '@parti/contract'
import { expect, type Locator, type Page } from '@playwright/test'
import { CreateScreen } from './CreateScreen'

/** /sketch: Sketch Render and its multi-angle mode. */
export class SketchScreen extends CreateScreen {
  readonly upload: Locator
  readonly result: Locator
  readonly multiResult: Locator
  readonly anglesReport: Locator

  constructor(page: Page) {
    super(page, '/sketch')
    this.upload = page.locator('[data-testid="sketch-upload"] input[type="file"]')
    this.result = page.getByTestId('sketch-result')
    this.multiResult = page.getByTestId('multi-angle-result')
    this.anglesReport = page.getByTestId('angles-report')
  }

  async multiAngle() {
    await this.page.getByTestId('mode-multi-angle').click()
    await expect(this.page.getByTestId('angle-picker')).toBeVisible()
  }

  async describe(text: string) {
    await this.page.getByLabel('What is in your sketch?').fill(text)
  }

  async describeBuilding(text: string) {
    await this.page.getByLabel('Describe the building').fill(text)
  }

  async chooseStyle(name: string) {
    await this.page.getByTestId('style-picker').getByText(name, { exact: true }).click()
  }

  async choosePalette(name: string) {
    await this.page.getByTestId('palette-picker').getByText(name, { exact: true }).click()
  }

  async setAngles(angles: Angle[]) {
    for (const angle of ['front', 'side', 'aerial', 'corner', 'interior', 'contextual'] as const) {
      const box = this.page.getByTestId(`angle-${angle}`)
      await box.setChecked(angles.includes(angle), { force: true })
    }
  }

  async resultId(): Promise<string> {
    await expect(this.result).toBeVisible({ timeout: 30_000 })
    return (await this.result.getAttribute('data-generation-id'))!
  }
}
