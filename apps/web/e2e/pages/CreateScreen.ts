import { fileURLToPath } from 'node:url'
import { expect, type Locator, type Page } from '@playwright/test'
import { SCREEN_APPEARS_MS } from './AppShell'

/** Test images: a line sketch of a house (PNG) and a room photo (JPEG). */
export const FIXTURES = {
  sketch: fileURLToPath(new URL('../fixtures/house-sketch.png', import.meta.url)),
  room: fileURLToPath(new URL('../fixtures/living-room.jpg', import.meta.url)),
}

/** A file the dropzone must refuse: text dressed as nothing in particular. */
export const NOT_AN_IMAGE = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') }

/**
 * What every creation screen has: the Generate button, the cost, the reasons Generate cannot run, the
 * insufficient-credits dialog, the balance in the top bar, and the way to the gallery.
 */
export class CreateScreen {
  readonly generateButton: Locator
  readonly cost: Locator
  readonly reasons: Locator
  readonly insufficientDialog: Locator
  readonly balanceBadge: Locator

  constructor(
    readonly page: Page,
    readonly path: string,
  ) {
    this.generateButton = page.getByTestId('generate')
    this.cost = page.getByTestId('cost')
    this.reasons = page.getByTestId('disabled-reasons')
    this.insufficientDialog = page.getByTestId('insufficient-credits-dialog')
    this.balanceBadge = page.getByTestId('credit-balance')
  }

  async goto() {
    await this.page.goto(this.path)
    await expect(this.generateButton).toBeVisible({ timeout: SCREEN_APPEARS_MS })
  }

  /** The reasons list shows this text exactly, as one of its items. */
  async expectReason(text: string) {
    await expect(this.reasons.getByText(text, { exact: true })).toBeVisible()
  }

  async expectNoReasons() {
    await expect(this.reasons).toHaveCount(0)
  }

  /** A field's message (role=alert) with exactly this text. */
  fieldMessage(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text }).getByText(text, { exact: true })
  }

  async generate() {
    await this.generateButton.click()
  }

  /**
   * Press Generate while it is disabled (aria-disabled keeps it focusable, so a keyboard user reaches it and
   * hears why); Playwright will not click a disabled button, so this is the keyboard's way.
   */
  async pressBlockedGenerate() {
    await expect(this.generateButton).toHaveAttribute('aria-disabled', 'true')
    await this.generateButton.focus()
    await this.page.keyboard.press('Enter')
  }

  async expectBalance(credits: number) {
    await expect(this.balanceBadge).toHaveText(new RegExp(`(^|\\D)${credits.toLocaleString('en-GB')}(\\D|$)`))
  }

  /** The result is in the gallery (a tile with its generation id). */
  async expectInGallery(generationId: string) {
    await this.page
      .getByRole('link', { name: /^Gallery/ })
      .first()
      .click()
    await expect(this.page).toHaveURL(/\/gallery/)
    await expect(this.page.locator(`[data-testid="gallery-tile"][data-id="${generationId}"]`)).toBeVisible()
  }
}
