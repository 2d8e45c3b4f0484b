import type { Locator, Page } from '@playwright/test'
import { CreateScreen } from './CreateScreen'

/** /prep: listing photo prep (straighten verticals, better light, a new sky, day to dusk). */
export class PrepScreen extends CreateScreen {
  readonly upload: Locator
  readonly result: Locator
  readonly pdfPage: Locator
  readonly continueButton: Locator

  constructor(page: Page) {
    super(page, '/prep')
    this.upload = page.locator('[data-testid="prep-upload"] input[type="file"]')
    this.result = page.getByTestId('prep-result')
    this.pdfPage = page.getByTestId('pdf-page')
    this.continueButton = page.getByTestId('prep-continue')
  }

  /** The correction chosen: straighten, light, sky or dusk. */
  tool(name: 'straighten' | 'light' | 'sky' | 'dusk'): Locator {
    return this.page.getByTestId(`prep-tool-${name}`)
  }
}
