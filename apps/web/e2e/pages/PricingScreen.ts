import type { PlanName } from '@parti/contract'
import { expect, type Locator, type Page } from '@playwright/test'
import { SCREEN_APPEARS_MS } from './AppShell'

/** /pricing: plans, à la carte credits, the subscription, the result of a checkout. */
export class PricingScreen {
  readonly testMode: Locator
  readonly result: Locator
  readonly banner: Locator
  readonly subscription: Locator
  readonly cancelButton: Locator
  readonly cancelsBadge: Locator
  readonly dialog: Locator
  readonly amount: Locator
  readonly decrease: Locator
  readonly increase: Locator
  readonly dialogCredits: Locator
  readonly dialogTotal: Locator

  constructor(readonly page: Page) {
    this.testMode = page.getByTestId('test-mode')
    this.result = page.getByTestId('checkout-result')
    this.banner = page.getByTestId('cancelled-banner')
    this.subscription = page.getByTestId('subscription-panel')
    this.cancelButton = page.getByTestId('cancel-subscription')
    this.cancelsBadge = page.getByTestId('cancels-badge')
    this.dialog = page.getByTestId('purchase-dialog')
    this.amount = this.dialog.getByTestId('amount-input')
    this.decrease = this.dialog.getByTestId('amount-decrease')
    this.increase = this.dialog.getByTestId('amount-increase')
    this.dialogCredits = this.dialog.getByTestId('purchase-credits')
    this.dialogTotal = this.dialog.getByTestId('purchase-total')
  }

  async goto() {
    await this.page.goto('/pricing')
    await expect(this.plan('standard')).toBeVisible({ timeout: SCREEN_APPEARS_MS })
  }

  billing(tab: 'monthly' | 'yearly' | 'a-la-carte'): Locator {
    return this.page.getByTestId(`billing-${tab}`)
  }

  plan(name: PlanName): Locator {
    return this.page.getByTestId(`plan-${name}`)
  }

  async choose(name: PlanName) {
    await this.page.getByTestId(`choose-${name}`).click()
  }

  /** À la carte: a tier's Buy credits button (5, 25, 50), or the custom amount's. */
  async openPurchase(tier: 5 | 25 | 50 | 'custom') {
    await this.billing('a-la-carte').click()
    await this.page.getByTestId(`tier-${tier}`).getByRole('button').click()
    await expect(this.dialog).toBeVisible()
  }

  async preset(euros: 5 | 25) {
    await this.dialog.getByTestId(`preset-${euros}`).click()
  }

  async continueToPayment() {
    await this.dialog.getByTestId('purchase-continue').click()
  }

  async cancelSubscription() {
    await this.cancelButton.click()
    const confirm = this.page.getByTestId('confirm-dialog')
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click()
    await expect(confirm).toBeHidden()
  }

  /**
   * The checkout's return parameters are read, then cleared from the address
   * (docs/product.md#checkout-return).
   */
  async expectReturnParamsCleared() {
    await expect(this.page).toHaveURL(/\/pricing$/)
  }
}
