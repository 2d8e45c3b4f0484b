import type { Locator, Page } from '@playwright/test'
import { CreateScreen } from './CreateScreen'

/** /prep/privacy and /prep/repaint: faces blurred, a surface repainted in an exact colour or given a material. */
export class RenovateScreen extends CreateScreen {
  readonly upload: Locator
  readonly result: Locator
  readonly stage: Locator

  constructor(page: Page, which: 'privacy' | 'repaint') {
    super(page, `/prep/${which}`)
    this.upload = page.locator(`[data-testid="${which}-upload"] input[type="file"]`)
    this.result = page.getByTestId('renovate-result')
    this.stage = page.getByTestId(`${which}-photo-stage`)
  }

  /** A click on the photo at fractions of its width and height. */
  async clickPhoto(x: number, y: number) {
    const box = (await this.stage.boundingBox())!
    await this.page.mouse.click(box.x + box.width * x, box.y + box.height * y)
  }
}
