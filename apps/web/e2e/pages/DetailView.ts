import { expect, type Locator, type Page } from '@playwright/test'
import { drawEllipse } from './lasso'

/** The detail area over the gallery: viewer, view modes, zoom, actions, the mode carousel, the details. */
export class DetailView {
  readonly root: Locator
  readonly after: Locator
  readonly before: Locator
  readonly compare: Locator
  readonly pending: Locator
  readonly lasso: Locator
  readonly lassoError: Locator
  readonly details: Locator
  readonly zoomLevel: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('detail-view')
    this.after = this.root.getByTestId('detail-after')
    this.before = this.root.getByTestId('detail-before')
    this.compare = this.root.getByTestId('compare-slider')
    this.pending = this.root.getByTestId('detail-pending')
    this.lasso = this.root.getByTestId('lasso-layer')
    this.lassoError = this.root.getByTestId('lasso-error')
    this.details = this.root.getByTestId('details-panel')
    this.zoomLevel = this.root.getByTestId('zoom-level')
  }

  async expectShowing(id: string) {
    await expect(this.root).toHaveAttribute('data-id', id)
  }

  view(mode: 'before' | 'after' | 'compare') {
    return this.root.getByTestId(`view-${mode}`)
  }

  mode(mode: 'inpaint' | 'magic-edit' | 'animate') {
    return this.root.getByTestId(`mode-${mode}`)
  }

  async submit() {
    await this.root.getByTestId('mode-submit').click()
  }

  /** Draws an ellipse on the lasso layer (see drawEllipse), centre and radii as fractions of the image. */
  async drawLasso(cx: number, cy: number, rx: number, ry: number) {
    await drawEllipse(this.page, this.lasso, cx, cy, rx, ry)
  }

  async close() {
    await this.root.getByTestId('detail-close').click()
    await expect(this.root).toBeHidden()
  }
}
