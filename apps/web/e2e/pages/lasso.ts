import type { Locator, Page } from '@playwright/test'

/**
 * Draws a closed freehand outline with the mouse over a lasso layer: an ellipse centred at (cx, cy), given as
 * fractions of the shown image, with radii rx, ry (fractions too).
 */
export async function drawEllipse(
  page: Page,
  layer: Locator,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
) {
  await layer.scrollIntoViewIfNeeded()
  const box = (await layer.boundingBox())!
  const at = (a: number) => ({
    x: box.x + (cx + Math.cos(a) * rx) * box.width,
    y: box.y + (cy + Math.sin(a) * ry) * box.height,
  })
  const start = at(0)
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  for (let a = 0.1; a <= Math.PI * 2 + 0.05; a += 0.1) {
    const p = at(a)
    await page.mouse.move(p.x, p.y)
  }
  await page.mouse.up()
}
