import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { waitForJobs } from './gallery-data'
import { FIXTURES } from './pages/CreateScreen'
import { unzip } from './zip'

// docs/product.md#whole-listing and #mls-export, docs/mls.md: an agent's listing of three rooms goes from the
// photos as taken through cleaning and staging to two exports of the same project, for boards whose rules are
// opposite: RMLS wants "Virtually Staged" burnt into every staged photo and nothing else; RealTracs forbids any
// overlay, wants each room as it is right before its staged photo, a caption and a remarks prefix. Each zip is
// read file by file against its board, pixels included, and every staged picture carries Content Credentials.

/** The rooms' size: small enough that six local staging jobs stay well inside the test's minute. */
const W = 768
const H = 576

/** Three different rooms from the one fixture: as taken, mirrored and darker, a cropped corner warmer. */
async function threeRooms(): Promise<Buffer[]> {
  const room = readFileSync(FIXTURES.room)
  return Promise.all([
    sharp(room).resize(W, H).jpeg({ quality: 90 }).toBuffer(),
    sharp(room).flop().modulate({ brightness: 0.85 }).resize(W, H).jpeg({ quality: 90 }).toBuffer(),
    sharp(room)
      .extract({ left: 200, top: 150, width: 824, height: 618 })
      .resize(W, H)
      .tint({ r: 255, g: 230, b: 200 })
      .jpeg({ quality: 90 })
      .toBuffer(),
  ])
}

/** Grey pixels, one byte each, of a picture drawn at the given size. */
async function grey(bytes: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(bytes).rotate().resize(width, height, { fit: 'fill' }).greyscale().raw().toBuffer()
}

/** The mean absolute difference of each row between two pictures of the same size. */
function rowDifferences(a: Buffer, b: Buffer, width: number, height: number): number[] {
  const rows: number[] = []
  for (let y = 0; y < height; y++) {
    let sum = 0
    for (let x = 0; x < width; x++) sum += Math.abs(a[y * width + x]! - b[y * width + x]!)
    rows.push(sum / width)
  }
  return rows
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length)

/** The cells of each line of the server's CSV: split on commas outside quotes, doubled quotes undone. */
const csvRows = (text: string): string[][] =>
  text
    .trim()
    .split(/\r?\n/)
    .map((l) =>
      [...l.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => m[1]?.replace(/""/g, '"') ?? m[2]!),
    )

interface Verified {
  state: 'valid' | 'tampered' | 'none'
  manifests: { virtuallyStaged: boolean; aiGenerated: boolean; actions: { description: string | null }[] }[]
}

/** What /verify reads in a file: the same call the public page makes. */
async function verify(page: Page, name: string, bytes: Buffer): Promise<Verified> {
  const r = await page.request.post('/api/verify', {
    multipart: {
      file: { name, mimeType: name.endsWith('.png') ? 'image/png' : 'image/jpeg', buffer: bytes },
    },
  })
  expect(r.status(), await r.text()).toBe(200)
  return (await r.json()) as Verified
}

/** Clicks the project page's export and reads the zip it downloads. */
async function exportZip(page: Page, fileName: string): Promise<Map<string, Buffer>> {
  const download = page.waitForEvent('download')
  await page.getByTestId('export-run').click()
  const file = await download
  expect(file.suggestedFilename()).toBe(fileName)
  return unzip(readFileSync((await file.path())!))
}

test('a listing of three rooms is cleaned, staged and exported for two boards with opposite rules', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await dismissConsent(page)
  await signUpThroughApi(page)
  const photos = await threeRooms()

  // the project, for RMLS first
  await page.goto('/projects')
  await page.getByTestId('project-new').click()
  await page.getByTestId('project-name').fill('9 Harbour Lane')
  await page.getByTestId('project-board').selectOption('rmls')
  await page.getByTestId('project-save').click()
  await expect(page.getByTestId('project-title')).toHaveText('9 Harbour Lane')
  const projectId = /\/projects\/([^/?#]+)/.exec(page.url())![1]!

  // the photos arrive as the prep page sends them with the project chosen: light corrected (5 credits each)
  const arrived: string[] = []
  for (const [i, buffer] of photos.entries()) {
    const r = await page.request.post('/api/render/start', {
      multipart: {
        generationType: 'light',
        projectId,
        image: { name: `room-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer },
      },
    })
    expect(r.status(), await r.text()).toBe(202)
    arrived.push(((await r.json()) as { generation: { id: string } }).generation.id)
  }
  await waitForJobs(page, arrived)

  // the whole listing: each photo tagged with its room, cleaned alone to show the seller and staged (cleaned,
  // then furnished) in one style
  await page.reload()
  const panel = page.getByTestId('listing-panel')
  await expect(panel.getByTestId('listing-room')).toHaveCount(3)
  // the third photo left untagged: a room of its own
  for (const [i, room] of ['Living room', 'Dining room'].entries())
    await panel.getByTestId('listing-room').nth(i).fill(room)
  await panel.getByTestId('listing-step-staging:staging-clean').check()
  await expect(panel.getByTestId('listing-step-staging')).toBeChecked()
  await panel.getByTestId('listing-style').selectOption('scandinavian')
  await panel.getByTestId('listing-quote').click()
  // a line per photo and engine step: the cleaning alone, then cleaning and staging, 20 credits each
  const table = panel.getByTestId('listing-quote-table')
  await expect(table.locator('tbody tr')).toHaveCount(9)
  await expect(panel.getByTestId('listing-total')).toHaveText('180')
  // each line names the room as tagged; the untagged photo's lines show no made-up name
  await expect(table.getByTestId('listing-quote-room')).toHaveText([
    ...Array(3).fill('Living room'),
    ...Array(3).fill('Dining room'),
    ...Array(3).fill('—'),
  ])
  await panel.getByTestId('listing-run').click()
  await expect(page.getByText('6 jobs started for 180 credits')).toBeVisible()

  const listed = await page.request.get(`/api/user/generations?projectId=${projectId}&limit=20`)
  type Row = { id: string; batchId: string | null; createdAt: string; metadata: { steps?: string[] } }
  const batch = ((await listed.json()) as { generations: Row[] }).generations
    .filter((g) => g.batchId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
  expect(batch).toHaveLength(6)
  await waitForJobs(
    page,
    batch.map((g) => g.id),
  )
  // the staged rooms are what the boards speak of; the cleaned-only ones stay out of the exports
  const done = await waitForJobs(
    page,
    batch.filter((g) => !g.metadata.steps).map((g) => g.id),
  )
  expect(done).toHaveLength(3)
  // the masters as stored, in the order the export lists them
  const masters = await Promise.all(done.map(async (g) => (await page.request.get(g.outputImageUrl!)).body()))
  await page.reload()
  await expect(page.getByTestId('project-sources').locator('li')).toHaveCount(3)
  // each version named by what made it: the light-corrected photo, the cleaned room, the staged room
  await expect(page.getByTestId('project-sources').locator('li').first().locator('figcaption')).toHaveText([
    'Original',
    'Better light',
    'Cleaned',
    'Cleaned',
    'Staged',
  ])

  // RMLS: the staged photos alone, each with the label burnt in; no captions, no remarks
  const rmls = await exportZip(page, '9-harbour-lane-rmls.zip')
  expect([...rmls.keys()]).toEqual([
    '01-staged.jpg',
    '02-staged.jpg',
    '03-staged.jpg',
    'captions.csv',
    'remarks.txt',
  ])
  expect(csvRows(rmls.get('captions.csv')!.toString())).toEqual([
    ['file', 'caption', 'original_link', 'qr_code'],
    ['01-staged.jpg', '', '', ''],
    ['02-staged.jpg', '', '', ''],
    ['03-staged.jpg', '', '', ''],
  ])
  expect(rmls.get('remarks.txt')!.toString()).toBe('')
  for (const [i, master] of masters.entries()) {
    const file = rmls.get(`0${i + 1}-staged.jpg`)!
    const { width = 0, height = 0 } = await sharp(master).metadata()
    expect(await sharp(file).metadata()).toMatchObject({ width, height, format: 'jpeg' })
    const rows = rowDifferences(
      await grey(file, width, height),
      await grey(master, width, height),
      width,
      height,
    )
    // the band is 5 % of the height across the bottom; above it the copy is the master re-encoded
    const band = Math.round(0.05 * height)
    expect(mean(rows.slice(0, height - band - 2)), `photo ${i + 1} above the label`).toBeLessThan(3)
    expect(mean(rows.slice(height - band + 1)), `photo ${i + 1} the label band`).toBeGreaterThan(15)
    const credentials = await verify(page, `0${i + 1}-staged.jpg`, file)
    expect(credentials.state).toBe('valid')
    expect(credentials.manifests[0]).toMatchObject({ virtuallyStaged: true, aiGenerated: true })
    expect(credentials.manifests[0]!.actions.at(-1)!.description).toContain(
      '"Virtually Staged" added at export',
    )
  }

  // the same project for RealTracs: chosen on the project page
  await page.getByTestId('project-edit').click()
  await page.getByTestId('project-board').selectOption('realtracs')
  await page.getByTestId('project-save').click()
  await expect(page.getByTestId('export-panel')).toContainText('RealTracs')
  const realtracs = await exportZip(page, '9-harbour-lane-realtracs.zip')
  const stagedExt = (i: number) => /\.(png|jpe?g|webp)/.exec(done[i]!.outputImageUrl!)?.[1] ?? 'png'
  const order = [0, 1, 2].flatMap((i) => [`0${i + 1}-original.jpg`, `0${i + 1}-staged.${stagedExt(i)}`])
  expect([...realtracs.keys()]).toEqual([...order, 'captions.csv', 'remarks.txt'])
  expect(csvRows(realtracs.get('captions.csv')!.toString())).toEqual([
    ['file', 'caption', 'original_link', 'qr_code'],
    ...order.map((f) => [
      f,
      f.includes('original') ? 'Unaltered original photo' : 'Virtually staged',
      '',
      '',
    ]),
  ])
  expect(realtracs.get('remarks.txt')!.toString()).toBe(
    'Virtually staged photos are shown next to the room as it is.\n',
  )
  for (const [i, master] of masters.entries()) {
    const n = `0${i + 1}`
    // no overlay at all: the staged photo's pixels are the master's, the band's rows included
    const file = realtracs.get(`${n}-staged.${stagedExt(i)}`)!
    const { width = 0, height = 0 } = await sharp(master).metadata()
    const rows = rowDifferences(
      await grey(file, width, height),
      await grey(master, width, height),
      width,
      height,
    )
    expect(Math.max(...rows), `photo ${i + 1} unlabelled`).toBeLessThan(1)
    const credentials = await verify(page, `${n}-staged.${stagedExt(i)}`, file)
    expect(credentials.state).toBe('valid')
    expect(credentials.manifests[0]).toMatchObject({ virtuallyStaged: true, aiGenerated: true })
    expect(credentials.manifests[0]!.actions.map((a) => a.description ?? '').join(' ')).not.toContain(
      'added at export',
    )
    // the room as it is: the photo as uploaded, which Parti signs nothing about
    const original = realtracs.get(`${n}-original.jpg`)!
    const shown = rowDifferences(await grey(original, W, H), await grey(photos[i]!, W, H), W, H)
    expect(Math.max(...shown), `photo ${i + 1} original as taken`).toBeLessThan(1)
    expect((await verify(page, `${n}-original.jpg`, original)).state).toBe('none')
  }

  // a labelled photo dropped on the public /verify page reads as virtually staged, its label named
  await page.goto('/verify')
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: '01-staged.jpg', mimeType: 'image/jpeg', buffer: rmls.get('01-staged.jpg')! })
  const report = page.getByTestId('verify-report')
  await expect(report).toHaveAttribute('data-state', 'valid')
  await expect(report).toContainText('Virtually staged')
  await expect(report).toContainText('Virtually Staged" added at export')
})
