import { expect, type Locator, type Page } from '@playwright/test'

/** The built-in test checkout page that stands in for the payment provider's (test mode). */
export class TestCheckout {
  readonly band: Locator
  readonly item: Locator
  readonly amount: Locator

  constructor(readonly page: Page) {
    this.band = page.getByTestId('test-mode-band')
    this.item = page.getByTestId('checkout-item')
    this.amount = page.getByTestId('checkout-amount')
  }

  async expectOpen() {
    await this.page.waitForURL(/\/api\/payments\/test-checkout\/cs_test_local_/)
    await expect(this.band).toContainText('Test mode')
  }

  async pay() {
    await this.page.getByTestId('test-pay').click()
  }

  async leavePending() {
    await this.page.getByTestId('test-pending').click()
  }

  async cancel() {
    await this.page.getByTestId('test-cancel').click()
  }
}
