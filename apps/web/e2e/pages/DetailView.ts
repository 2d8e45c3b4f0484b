import { expect, type Locator, type Page } from '@playwright/test'

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

  /**
   * Draws a closed freehand outline with the mouse over the result: an ellipse centred at (cx, cy), given as
   * fractions of the shown image, with radii rx, ry (fractions too). Returns the outline in image fractions.
   */
  async drawLasso(cx: number, cy: number, rx: number, ry: number) {
    const box = (await this.lasso.boundingBox())!
    const at = (a: number) => ({
      x: box.x + (cx + Math.cos(a) * rx) * box.width,
      y: box.y + (cy + Math.sin(a) * ry) * box.height,
    })
    const start = at(0)
    await this.page.mouse.move(start.x, start.y)
    await this.page.mouse.down()
    for (let a = 0.1; a <= Math.PI * 2 + 0.05; a += 0.1) {
      const p = at(a)
      await this.page.mouse.move(p.x, p.y)
    }
    await this.page.mouse.up()
  }

  async close() {
    await this.root.getByTestId('detail-close').click()
    await expect(this.root).toBeHidden()
  }
}
