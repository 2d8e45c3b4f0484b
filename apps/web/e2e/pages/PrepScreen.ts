import type { Locator, Page } from '@playwright/test'
import { CreateScreen } from './CreateScreen'

/** /prep: listing photo prep (straighten verticals). */
export class PrepScreen extends CreateScreen {
  readonly upload: Locator
  readonly result: Locator
  readonly pdfPage: Locator

  constructor(page: Page) {
    super(page, '/prep')
    this.upload = page.locator('[data-testid="prep-upload"] input[type="file"]')
    this.result = page.getByTestId('prep-result')
    this.pdfPage = page.getByTestId('pdf-page')
  }
}
