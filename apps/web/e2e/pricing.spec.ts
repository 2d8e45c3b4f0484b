import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { PricingScreen } from './pages/PricingScreen'
import { TestCheckout } from './pages/TestCheckout'

// Pricing on the built-in test checkout (the embedded default): the page, the test-mode checkout standing in
// for the provider's, and back. Accounts start with 400 credits here (playwright.config.ts).
const START = 400

test.describe('Pricing and the test checkout', () => {
  test.beforeEach(async ({ page }) => {
    await dismissConsent(page)
    await signUpThroughApi(page)
  })

  test('a user buys EUR 5 of credits through the test checkout and sees 1,000 more', async ({
    page,
    shell,
  }) => {
    const pricing = new PricingScreen(page)
    const checkout = new TestCheckout(page)
    await pricing.goto()
    await expect(pricing.testMode).toContainText('Test mode')
    await expect(shell.credits).toContainText('400')

    await pricing.openPurchase(5)
    await expect(pricing.dialogCredits).toHaveText('1,000 credits')
    await expect(pricing.dialogTotal).toHaveText('€5.00')
    await pricing.continueToPayment()

    await checkout.expectOpen()
    await expect(checkout.item).toHaveText('1,000 credits')
    await expect(checkout.amount).toHaveText('€5.00')
    await checkout.pay()

    await expect(pricing.result).toHaveText('Payment successful: 1,000 credits were added to your balance.')
    await pricing.expectReturnParamsCleared()
    await expect(shell.credits).toContainText('1,400')
    // back on the tab the purchase was made from
    await expect(pricing.billing('a-la-carte')).toHaveAttribute('aria-checked', 'true')
  })

  test('the top bar follows a purchase finished in another tab, live', async ({ page, context, shell }) => {
    const pricing = new PricingScreen(page)
    await pricing.goto()
    await expect(shell.credits).toContainText('400')

    const other = await context.newPage()
    const start = await other.request.post('/api/payments/create-a-la-carte-payment', {
      data: { amount: 25, credits: 5000 },
    })
    const { url } = await start.json()
    await other.goto(url)
    const checkout = new TestCheckout(other)
    await checkout.expectOpen()
    await checkout.pay()
    await other.waitForURL(/\/pricing/)

    // no reload here: the server's balance event reaches this tab
    await expect(shell.credits).toContainText('5,400')
  })

  test('a user subscribes to Standard monthly and sees the plan badge and the month’s credits', async ({
    page,
    shell,
  }) => {
    const pricing = new PricingScreen(page)
    const checkout = new TestCheckout(page)
    await pricing.goto()
    await expect(pricing.billing('monthly')).toHaveAttribute('aria-checked', 'true')
    await pricing.choose('standard')

    await checkout.expectOpen()
    await expect(checkout.item).toHaveText('Standard plan')
    await expect(checkout.amount).toContainText('€39.00')
    await checkout.pay()

    await expect(pricing.result).toContainText('Subscription created: welcome to Standard.')
    await pricing.expectReturnParamsCleared()
    await expect(pricing.plan('standard').getByTestId('current-plan-badge')).toHaveText('Current plan')
    await expect(pricing.plan('pro').getByTestId('current-plan-badge')).toHaveCount(0)
    await expect(pricing.subscription.getByTestId('subscription-plan')).toHaveText('Standard')
    await expect(pricing.subscription).toContainText('Renews on')
    await expect(shell.credits).toContainText((START + 7800).toLocaleString('en'))

    // choosing it again: 'You already have this plan' (docs/product.md#plan-change), and no second checkout
    await pricing.choose('standard')
    await expect(page.getByText('You already have this plan')).toBeVisible()
    await expect(page).toHaveURL(/\/pricing$/)

    // another plan: the billing portal, opened on the plan clicked (docs/product.md#plan-change)
    await pricing.choose('pro')
    await page.waitForURL(/test-portal\?plan=pro:monthly/)
    await expect(page.getByTestId('portal-chosen')).toHaveText(
      'You chose Pro · Monthly. Confirm the change below.',
    )
    await expect(page.getByTestId('portal-plan-select')).toHaveValue('pro:monthly')
  })

  test('a subscriber cancels: the amber banner shows the end date, the cancel button is gone', async ({
    page,
  }) => {
    const pricing = new PricingScreen(page)
    await pricing.goto()
    await pricing.choose('lite')
    await new TestCheckout(page).pay()
    await expect(pricing.subscription).toBeVisible()

    await pricing.cancelSubscription()
    await expect(page.getByText('Subscription cancelled successfully')).toBeVisible()
    const profile = await (await page.request.get('/api/user/profile')).json()
    const end = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(
      new Date(profile.user.subscriptionEndDate),
    )
    await expect(pricing.banner).toContainText(
      `Your Lite subscription is cancelled and will not renew. You keep access until ${end}.`,
    )
    await expect(pricing.cancelsBadge).toHaveText('Cancels at period end')
    await expect(pricing.cancelButton).toHaveCount(0)
    // access stays: still the current plan
    await expect(pricing.plan('lite').getByTestId('current-plan-badge')).toBeVisible()

    // and it can be undone before the end date
    await pricing.banner.getByTestId('resume-subscription').click()
    await expect(pricing.banner).toHaveCount(0)
    await expect(pricing.cancelButton).toBeVisible()
  })

  test('a cancelled checkout comes back with "Payment was cancelled" and nothing added', async ({
    page,
    shell,
  }) => {
    const pricing = new PricingScreen(page)
    const checkout = new TestCheckout(page)
    await pricing.goto()
    await pricing.openPurchase('custom')

    // docs/product.md#validation-a-la-carte: whole euros, at least 1; the decrement stops at 1; presets 5 and
    // 25; credits = amount × 200
    await pricing.amount.fill('0')
    await pricing.amount.blur()
    await expect(pricing.amount).toHaveValue('1')
    await expect(pricing.decrease).toBeDisabled()
    await expect(pricing.dialogCredits).toHaveText('200 credits')
    await pricing.increase.click()
    await expect(pricing.dialogCredits).toHaveText('400 credits')
    await pricing.amount.fill('12.7')
    await pricing.amount.blur()
    await expect(pricing.amount).toHaveValue('12')
    await pricing.preset(25)
    await expect(pricing.dialogCredits).toHaveText('5,000 credits')
    await expect(pricing.dialogTotal).toHaveText('€25.00')
    await pricing.continueToPayment()

    await checkout.expectOpen()
    await checkout.cancel()
    await expect(pricing.result).toHaveText('Payment was cancelled')
    await pricing.expectReturnParamsCleared()
    await expect(shell.credits).toContainText('400')
  })

  test('a payment left pending says it is still processing', async ({ page, shell }) => {
    const pricing = new PricingScreen(page)
    const checkout = new TestCheckout(page)
    await pricing.goto()
    await pricing.openPurchase(50)
    await pricing.continueToPayment()
    await checkout.expectOpen()
    await checkout.leavePending()
    await expect(pricing.result).toHaveText('Your payment is still processing. Check back in a few minutes.')
    await expect(shell.credits).toContainText('400')
  })

  test('the billing toggle follows a yearly subscription', async ({ page }) => {
    const pricing = new PricingScreen(page)
    await pricing.goto()
    await pricing.billing('yearly').click()
    await expect(pricing.plan('pro')).toContainText('€948.00 billed yearly')
    await pricing.choose('pro')
    await new TestCheckout(page).pay()
    await expect(pricing.result).toContainText('welcome to Pro')
    await page.reload()
    await expect(pricing.billing('yearly')).toHaveAttribute('aria-checked', 'true')
    await expect(pricing.plan('pro').getByTestId('current-plan-badge')).toBeVisible()
  })
})

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))
}

test.describe('pricing and the test checkout: axe finds no serious or critical violation', () => {
  // five axe runs in one scenario, on two cores other suites may share
  test.describe.configure({ timeout: 120_000 })
  for (const theme of ['light', 'dark'] as const) {
    test(`plans, the purchase dialog, the test checkout, a cancelled subscription and the portal, ${theme}`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await dismissConsent(page)
      await page.addInitScript(
        (t) => localStorage.setItem('parti.theme', JSON.stringify({ v: 1, value: t })),
        theme,
      )
      await signUpThroughApi(page)
      const pricing = new PricingScreen(page)
      const checkout = new TestCheckout(page)
      await pricing.goto()
      expect(await seriousViolations(page)).toEqual([])
      await pricing.openPurchase(25)
      expect(await seriousViolations(page)).toEqual([])
      await pricing.continueToPayment()
      await checkout.expectOpen()
      expect(await seriousViolations(page)).toEqual([])
      await checkout.cancel()
      await expect(pricing.result).toBeVisible()
      // back on À la carte, where the purchase was started; the plans are on Monthly
      await pricing.billing('monthly').click()
      await pricing.choose('standard')
      await checkout.pay()
      await pricing.cancelSubscription()
      await expect(pricing.banner).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await pricing.banner.getByTestId('banner-portal').click()
      await page.waitForURL(/test-portal/)
      expect(await seriousViolations(page)).toEqual([])
    })
  }
})
