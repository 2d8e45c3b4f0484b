import { expect, type Locator, type Page } from '@playwright/test'

/** The signed-in layout: sidebar (or drawer), top bar, content. */
export class AppShell {
  readonly title: Locator
  readonly sidebar: Locator
  readonly email: Locator
  readonly signOutButton: Locator
  readonly credits: Locator

  constructor(readonly page: Page) {
    this.title = page.getByTestId('page-title')
    this.sidebar = page.getByTestId('sidebar')
    this.email = this.sidebar.getByTestId('sidebar-email')
    this.signOutButton = this.sidebar.getByTestId('sign-out')
    this.credits = page.getByTestId('credit-balance')
  }

  async expectSignedInAs(email: string) {
    await expect(this.title).toHaveText('Ask Parti')
    await expect(this.email).toHaveText(email)
  }

  async signOut() {
    await this.signOutButton.click()
  }

  async toggleSidebar() {
    await this.sidebar.getByTestId('sidebar-toggle').click()
  }
}

/**
 * How long a screen may take to appear after a navigation: its code is a lazy chunk, fetched and run on a
 * machine the suite shares with two Playwright workers, the server and its engine; above the 10 s that an
 * expectation waits by default, which a loaded two-core machine sometimes needed.
 */
export const SCREEN_APPEARS_MS = 25_000
