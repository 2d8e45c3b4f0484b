import { fileURLToPath } from 'node:url'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { RenovateScreen } from './pages/RenovateScreen'

// docs/decisions/0111-privacy-blur.md, docs/decisions/0112-repaint-exact-colours.md,
// docs/decisions/0120-repaint-materials.md; jobs run on the local engine
test.describe.configure({ timeout: 90_000 })

// a room rendered with a known wall (apps/server/test/fixtures/room.ts); a public-domain NASA portrait
const ROOM = fileURLToPath(new URL('./fixtures/painted-room.png', import.meta.url))
const FACE = fileURLToPath(new URL('./fixtures/astronaut.jpg', import.meta.url))
// the room in perspective of apps/server/test/fixtures/room.ts (perspectiveRoom): a plain floor receding to row 200
const FLOOR_ROOM = fileURLToPath(new URL('./fixtures/perspective-room.png', import.meta.url))

test('Repaint: a click picks the wall, RAL 7035 is painted for 10 credits and the result reads its ΔE', async ({
  page,
}) => {
  await dismissConsent(page)
  await signUpThroughApi(page)
  const repaint = new RenovateScreen(page, 'repaint')
  await repaint.goto()
  // the sidebar marks this tool, not Photo prep whose path it sits under
  const nav = page.getByRole('navigation', { name: 'Navigation' })
  await expect(nav.getByRole('link', { name: 'Repaint' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Photo prep' })).not.toHaveAttribute('aria-current', 'page')
  await expect(repaint.cost).toHaveText('10 credits')
  await repaint.upload.setInputFiles(ROOM)
  await expect(page.getByTestId('repaint-status')).toHaveText(/Click inside the wall/)
  await repaint.clickPhoto(0.3, 0.55)
  await expect(page.getByTestId('surface-overlay')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('repaint-status')).toHaveText(/Surface picked: 4\d % of the photo/)
  await page.getByTestId('paint-input').fill('RAL 7035')
  await expect(page.getByTestId('paint-resolved')).toHaveText('RAL 7035 · Light grey · #C5C7C4')
  await repaint.generate()
  await expect(repaint.result).toBeVisible({ timeout: 60_000 })
  const note = repaint.result.getByText(
    /Repainted \d+ % of the picture in RAL 7035 \(Light grey\): ΔE00 [\d.]+/,
  )
  await expect(note).toBeVisible()
  const deltaE = Number(/ΔE00 ([\d.]+)/.exec((await note.textContent())!)![1])
  expect(deltaE).toBeLessThanOrEqual(2)
  await expect(note).toContainText('0 % of the pixels outside it changed')
  await repaint.expectBalance(400 - 10)
})

test('Repaint with a material: a click on the floor offers floor materials, oak parquet is laid in perspective for 10 credits', async ({
  page,
}) => {
  await dismissConsent(page)
  await signUpThroughApi(page)
  const repaint = new RenovateScreen(page, 'repaint')
  await repaint.goto()
  await repaint.upload.setInputFiles(FLOOR_ROOM)
  await repaint.clickPhoto(0.5, 0.85)
  await expect(page.getByTestId('surface-overlay')).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('finish-material').click()
  const picker = page.getByTestId('material-picker')
  await expect(picker).toContainText('Materials for a floor')
  // a floor is offered floors' materials only, each drawn as a swatch
  await expect(page.getByTestId('material-oak-parquet')).toBeVisible()
  await expect(page.getByTestId('material-exposed-brick')).toHaveCount(0)
  await expect(picker.locator('canvas')).toHaveCount(7)
  // without a material chosen, Generate says what is missing and nothing is charged
  await expect(page.getByTestId('disabled-reasons')).toBeVisible()
  await page.getByTestId('material-oak-parquet').click()
  await expect(page.getByTestId('material-oak-parquet')).toHaveAttribute('aria-pressed', 'true')
  await repaint.generate()
  await expect(repaint.result).toBeVisible({ timeout: 60_000 })
  const note = repaint.result.getByText(
    /Laid Oak parquet on \d+ % of the picture \(floor, perspective from its receding lines\): ΔE00 [\d.]+/,
  )
  await expect(note).toBeVisible()
  expect(Number(/ΔE00 ([\d.]+)/.exec((await note.textContent())!)![1])).toBeLessThanOrEqual(2)
  await expect(note).toContainText('0 % of the pixels outside it changed')
  await repaint.expectBalance(400 - 10)
})

test('Privacy: the face found is shown as a toggle; with it off and nothing marked, the blur is refused free', async ({
  page,
}) => {
  await dismissConsent(page)
  await signUpThroughApi(page)
  const privacy = new RenovateScreen(page, 'privacy')
  await privacy.goto()
  await privacy.upload.setInputFiles(FACE)
  const toggle = page.getByTestId('face-toggle')
  await expect(toggle).toHaveCount(1, { timeout: 30_000 })
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('privacy-status')).toHaveText('1 face found, 1 to blur')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByTestId('privacy-status')).toHaveText('1 face found, 0 to blur')
  await privacy.generate()
  await expect(page.getByTestId('privacy-nothing')).toHaveText(
    /there is nothing to blur\. Your credits were not charged/,
  )
  await privacy.expectBalance(400)
  await toggle.click()
  await privacy.generate()
  await expect(
    privacy.result.getByText('Blurred 1 face(s) and 0 marked area(s)', { exact: false }),
  ).toBeVisible({
    timeout: 60_000,
  })
  await privacy.expectBalance(400 - 2)
})
