import { expect, type Locator, type Page } from '@playwright/test'
import { SCREEN_APPEARS_MS } from './AppShell'

/**
 * The gallery (docs/product.md#gallery): tabs, search and filters, the grid of results, the delete
 * confirmation.
 */
export class GalleryPage {
  readonly grid: Locator
  readonly tiles: Locator
  readonly pending: Locator
  readonly search: Locator
  readonly inProgress: Locator
  readonly confirmDialog: Locator
  readonly end: Locator

  constructor(readonly page: Page) {
    this.grid = page.getByTestId('gallery-grid')
    this.tiles = page.getByTestId('gallery-tile')
    this.pending = page.getByTestId('gallery-pending')
    this.search = page.getByTestId('gallery-search')
    this.inProgress = page.getByTestId('in-progress')
    this.confirmDialog = page.getByTestId('confirm-dialog')
    this.end = page.getByTestId('gallery-end')
  }

  async goto(query = '') {
    await this.page.goto(`/gallery${query}`)
    await expect(this.page.getByTestId('tab-all')).toBeVisible({ timeout: SCREEN_APPEARS_MS })
  }

  tab(name: 'All' | 'Images' | 'Videos' | 'Favorites') {
    return this.page.getByRole('tab', { name, exact: true })
  }

  tile(id: string) {
    return this.page.locator(`[data-testid="gallery-tile"][data-id="${id}"]`)
  }

  /** The ids of the tiles in the grid, in order. */
  async ids(): Promise<string[]> {
    return this.tiles.evaluateAll((els) => els.map((el) => el.getAttribute('data-id')!))
  }

  async expectIds(ids: string[]) {
    await expect.poll(() => this.ids()).toEqual(ids)
  }

  /** Actions show on hover (or focus); a test hovers the tile first, as a mouse user would. */
  async tileAction(id: string, action: 'favorite' | 'download' | 'delete') {
    const tile = this.tile(id)
    await tile.hover()
    return tile.getByTestId(`tile-${action}`)
  }

  async open(id: string) {
    await this.tile(id).getByTestId('tile-open').click()
    await expect(this.page.getByTestId('detail-view')).toHaveAttribute('data-id', id)
  }

  async confirm() {
    await this.confirmDialog.getByRole('button', { name: 'Delete' }).click()
  }

  async cancel() {
    await this.confirmDialog.getByRole('button', { name: 'Cancel' }).click()
  }
}
