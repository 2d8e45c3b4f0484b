import { expect, type Locator, type Page } from '@playwright/test'

/** The sign-in / sign-up dialog opened from the header or the hero. */
export class AuthDialog {
  readonly dialog: Locator

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog')
  }

  async signUp({ email, password, name }: { email: string; password: string; name?: string }) {
    await expect(this.dialog).toBeVisible()
    await this.dialog.getByRole('tab', { name: 'Sign up' }).click()
    const panel = this.dialog.getByRole('tabpanel')
    if (name) await panel.getByLabel('Name').fill(name)
    await panel.getByLabel('E-mail').fill(email)
    await panel.getByLabel('Password').fill(password)
    await panel.getByRole('button', { name: 'Create account' }).click()
  }

  async signIn({ email, password }: { email: string; password: string }) {
    await expect(this.dialog).toBeVisible()
    await this.dialog.getByRole('tab', { name: 'Sign in' }).click()
    const panel = this.dialog.getByRole('tabpanel')
    await panel.getByLabel('E-mail').fill(email)
    await panel.getByLabel('Password').fill(password)
    await panel.getByRole('button', { name: 'Sign in' }).click()
  }
}
