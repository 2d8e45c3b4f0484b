import { expect, type Locator, type Page } from '@playwright/test'

/** The signed-out home and the public header around it. */
export class LandingPage {
  readonly heading: Locator
  readonly tryForFree: Locator
  readonly headerSignIn: Locator
  readonly cookieCard: Locator
  readonly themeToggle: Locator
  readonly languagePicker: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 })
    this.tryForFree = page.getByTestId('hero-try-free')
    this.headerSignIn = page.getByTestId('header-sign-in')
    this.cookieCard = page.getByTestId('cookie-consent')
    this.themeToggle = page.getByTestId('theme-toggle')
    this.languagePicker = page.getByTestId('language-picker')
  }

  async goto(path = '/') {
    await this.page.goto(path)
    await expect(this.heading).toBeVisible()
  }

  async chooseLanguage(name: string) {
    await this.languagePicker.click()
    await this.page.getByRole('menuitemradio', { name }).click()
  }
}
