import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { dismissConsent, expect, PASSWORD, signUpThroughApi, test } from './fixtures'
import { waitForJobs } from './gallery-data'

// Photo prep as one listing batch (docs/decisions/0117-whole-listing-batch.md) and a board requiring privacy
// (docs/decisions/0121-boards-requiring-privacy.md), in the browser: the quote names what will not run, the run
// charges exactly what was delivered, and a privacy refusal at export is fixed from the dialog itself.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url))
const ADMIN = 'admin@parti.test'

async function newProject(page: Page, data: Record<string, unknown>) {
  const r = await page.request.post('/api/user/projects', { data })
  expect(r.status(), await r.text()).toBe(201)
  return ((await r.json()) as { project: { id: string } }).project.id
}

/** A finished job of `kind` on the photo, in the project: the listing's photos are its jobs' sources. */
async function photoIn(page: Page, projectId: string, kind: string, file: string, extra = {}) {
  const r = await page.request.post('/api/render/start', {
    multipart: {
      generationType: kind,
      projectId,
      ...extra,
      image: { name: file, mimeType: 'image/jpeg', buffer: fixture(file) },
    },
  })
  expect(r.status(), await r.text()).toBe(202)
  return ((await r.json()) as { generation: { id: string } }).generation.id
}

/** The jobs once each has ended, finished or failed (a failed one must have given its credits back). */
async function settled(page: Page, ids: string[]) {
  let jobs: { id: string; status: string }[] = []
  await expect
    .poll(
      async () => {
        const r = await page.request.get(`/api/user/generations/status?ids=${ids.join(',')}`)
        jobs = ((await r.json()) as { generations: typeof jobs }).generations
        return jobs.filter((g) => g.status === 'completed' || g.status === 'failed').length
      },
      { timeout: 90_000, intervals: [300, 500, 1000] },
    )
    .toBe(ids.length)
  return jobs
}

const credits = async (page: Page) =>
  ((await (await page.request.get('/api/user/profile')).json()) as { user: { credits: number } }).user.credits

async function ledger(page: Page) {
  const r = await page.request.get('/api/user/credits/transactions?limit=50')
  return ((await r.json()) as { transactions: { amount: number }[] }).transactions.reduce(
    (n, t) => n + t.amount,
    0,
  )
}

test('photo prep as one listing batch: quoted with what will not run, run, paid for what was delivered', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await dismissConsent(page)
  await signUpThroughApi(page)
  const projectId = await newProject(page, { name: '3 Alder Lane' })
  // three photos in the project: a room (no sky, no face), a house (a sky), a portrait (a face)
  const first = []
  for (const file of ['living-room.jpg', 'tilted-house.jpg', 'astronaut.jpg'])
    first.push(await photoIn(page, projectId, 'light', file))
  await waitForJobs(page, first)

  await page.goto(`/projects/${projectId}`)
  const panel = page.getByTestId('listing-panel')
  await expect(panel.getByTestId('listing-photos').locator('li')).toHaveCount(3, { timeout: 30_000 })
  await panel.getByTestId('listing-step-staging').uncheck()
  for (const kind of ['straighten', 'sky', 'privacy']) await panel.getByTestId(`listing-step-${kind}`).check()
  await panel.getByTestId('listing-quote').click()
  const table = panel.getByTestId('listing-quote-table')
  // the quote looks for verticals, skies and faces on every photo before answering: free, but a few seconds
  await expect(table).toBeVisible({ timeout: 60_000 })
  // itemised: a straighten for each photo, a sky for the two with one, a blur for the one with a face
  const rows = table.locator('tbody tr')
  await expect(rows).toHaveCount(6)
  await expect(rows.filter({ hasText: 'Straighten verticals' })).toHaveCount(3)
  await expect(rows.filter({ hasText: 'New sky' })).toHaveCount(2)
  await expect(rows.filter({ hasText: 'Privacy blur' })).toHaveCount(1)
  await expect(panel.getByTestId('listing-total')).toHaveText('37')
  // what will not run is said, photo by photo, and costs nothing: the room has no sky, two photos no face
  const refused = panel.getByTestId('listing-refused').locator('li')
  await expect(refused).toHaveCount(3)
  await expect(refused.filter({ hasText: /New sky: not run, not charged/ })).toHaveCount(1)
  await expect(refused.filter({ hasText: /Privacy blur: not run, not charged/ })).toHaveCount(2)

  const balanceBefore = await credits(page)
  const ledgerBefore = await ledger(page)
  await panel.getByTestId('listing-run').click()
  await expect(page.getByText('6 jobs started for 37 credits')).toBeVisible({ timeout: 60_000 })
  const list = await page.request.get(`/api/user/generations?projectId=${projectId}&limit=50`)
  const batch = (
    (await list.json()) as { generations: { id: string; batchId: string | null; creditsCost: number }[] }
  ).generations.filter((g) => g.batchId)
  expect(batch).toHaveLength(6)
  const done = await settled(
    page,
    batch.map((g) => g.id),
  )
  // paid for exactly what was delivered: a step that did not deliver gave its share back
  const delivered = done
    .filter((g) => g.status === 'completed')
    .reduce((n, g) => n + (batch.find((b) => b.id === g.id)?.creditsCost ?? 0), 0)
  expect(done.filter((g) => g.status === 'completed').length).toBeGreaterThanOrEqual(5)
  expect(balanceBefore - (await credits(page))).toBe(delivered)
  expect(ledgerBefore - (await ledger(page))).toBe(delivered)

  // the results are versions of their photos in the project: 3 originals + 3 lit + 6 from the batch
  await page.reload()
  await expect(page.getByTestId('project-sources').locator(':scope > li')).toHaveCount(3)
  await expect(page.getByTestId('project-version')).toHaveCount(12)
})

test('a board requiring privacy: the export is refused naming the photo, the faces are blurred from the dialog, then it exports', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await dismissConsent(page)
  // an admin switches the rule on in the board editor
  const up = await page.request.post('/api/auth/sign-up', { data: { email: ADMIN, password: PASSWORD } })
  if (up.status() !== 201) {
    const r = await page.request.post('/api/auth/sign-in', { data: { email: ADMIN, password: PASSWORD } })
    expect(r.ok()).toBe(true)
  }
  await page.goto('/admin/boards')
  const board = page.getByTestId('board-bright')
  await board.getByTestId('board-bright-privacy').check()
  await board.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Board saved')).toBeVisible()

  // an agent's listing for that board, with a staged photo that shows a face
  await signUpThroughApi(page)
  const projectId = await newProject(page, { name: '9 Rowan Court', boardId: 'bright' })
  const staged = await photoIn(page, projectId, 'home-staging', 'astronaut.jpg', { stagingStyle: 'modern' })
  await waitForJobs(page, [staged])

  await page.goto(`/projects/${projectId}`)
  const panel = page.getByTestId('export-panel')
  await expect(panel).toContainText(
    'Faces must be blurred: each photo is made from a privacy blur or shows no face',
  )
  await panel.getByTestId('export-run').click()
  const refusal = panel.getByTestId('export-refused')
  // the file name is isolated from the sentence's direction (U+2068 … U+2069)
  await expect(refusal).toContainText(
    /01-staged\.jpg\u2069?: faces must be blurred before publishing \(1 found\)/,
  )
  await expect(refusal.getByTestId('export-blur-open')).toHaveAttribute(
    'href',
    `/prep/privacy?source=${staged}&project=${projectId}`,
  )

  const before = await credits(page)
  await refusal.getByTestId('export-blur').click()
  await expect(refusal.getByTestId('export-blur-done')).toBeVisible({ timeout: 60_000 })
  expect(before - (await credits(page))).toBe(2)

  const download = page.waitForEvent('download')
  await panel.getByTestId('export-run').click()
  expect((await download).suggestedFilename()).toBe('9-rowan-court-bright.zip')
  await expect(page.getByText('Export downloaded')).toBeVisible()
  await expect(panel.getByTestId('export-refused')).toHaveCount(0)

  // "Choose what to blur" opens privacy blur on the staged photo, its face found and offered as a toggle
  await page.goto(`/prep/privacy?source=${staged}&project=${projectId}`)
  await expect(page.getByTestId('face-toggle')).toHaveCount(1, { timeout: 30_000 })
  await expect(page.getByTestId('face-toggle')).toHaveAttribute('aria-pressed', 'true')

  // the board goes back as it was for everyone else
  await page.request.post('/api/auth/sign-in', { data: { email: ADMIN, password: PASSWORD } })
  const boards = (await (await page.request.get('/api/mls-boards')).json()) as {
    boards: Array<{ id: string } & Record<string, unknown>>
  }
  const { id: _id, ...input } = boards.boards.find((b) => b.id === 'bright')!
  const reset = await page.request.put('/api/admin/mls-boards/bright', {
    data: { ...input, privacyRequired: false },
  })
  expect(reset.status()).toBe(200)
})
