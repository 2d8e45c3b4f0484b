import { expect, type Locator, type Page } from '@playwright/test'

export interface StyleFields {
  name?: string
  category?: string
  prompt?: string
  look?: string
  image?: string
}

/** /admin: styles grouped by category, the style form, and the confirmations. */
export class AdminStylesScreen {
  readonly heading: Locator
  readonly form: Locator
  readonly newStyleButton: Locator
  readonly forbidden: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Style management' })
    this.form = page.getByTestId('style-form')
    this.newStyleButton = page.getByTestId('new-style')
    this.forbidden = page.getByRole('heading', { name: 'You do not have access to this page' })
  }

  async goto() {
    await this.page.goto('/admin')
  }

  row(name: string): Locator {
    return this.page
      .getByTestId('admin-style-row')
      .filter({ has: this.page.getByTestId('admin-style-name').getByText(name, { exact: true }) })
  }

  group(categoryName: string): Locator {
    return this.page.getByRole('region', { name: categoryName, exact: true }).getByTestId('admin-style-group')
  }

  namesIn(categoryName: string): Promise<string[]> {
    return this.group(categoryName).getByTestId('admin-style-name').allTextContents()
  }

  async fill(fields: StyleFields) {
    const form = this.form
    if (fields.name !== undefined) await form.getByLabel('Name', { exact: true }).fill(fields.name)
    if (fields.category !== undefined)
      await form.getByLabel('Category', { exact: true }).fill(fields.category)
    if (fields.prompt !== undefined) await form.getByLabel('Prompt', { exact: true }).fill(fields.prompt)
    if (fields.look !== undefined)
      await form.getByLabel('Look', { exact: true }).selectOption({ label: fields.look })
    if (fields.image !== undefined) {
      await form.getByTestId('style-image-input').setInputFiles(fields.image)
      await expect(form.getByTestId('style-image-preview')).toHaveAttribute('src', /\/api\/style-images\//)
    }
  }

  async create(fields: StyleFields) {
    await this.newStyleButton.click()
    await expect(this.form).toBeVisible()
    await this.fill(fields)
    await this.form.getByRole('button', { name: 'Create style' }).click()
    await expect(this.form).toBeHidden()
  }

  async edit(name: string, fields: StyleFields) {
    await this.row(name)
      .getByRole('button', { name: `Edit ${name}` })
      .click()
    await expect(this.form).toBeVisible()
    await this.fill(fields)
    await this.form.getByRole('button', { name: 'Save changes' }).click()
    await expect(this.form).toBeHidden()
  }

  /** Opens the delete confirmation; the caller confirms or cancels. */
  async askToDelete(name: string): Promise<Locator> {
    await this.row(name)
      .getByRole('button', { name: `Delete ${name}` })
      .click()
    const dialog = this.page.getByTestId('confirm-dialog')
    await expect(dialog).toBeVisible()
    return dialog
  }

  /** Keyboard reorder: focus the row's handle and press an arrow key. */
  async moveWithKeyboard(name: string, key: 'ArrowUp' | 'ArrowDown' | 'Home' | 'End') {
    await this.row(name)
      .getByRole('button', { name: `Move ${name}` })
      .focus()
    await this.page.keyboard.press(key)
  }
}
