import { readFileSync } from 'node:fs'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { waitForJobs } from './gallery-data'
import { FIXTURES } from './pages/CreateScreen'

// docs/product.md#projects and #mls-export: an agent creates a listing for a board, puts a staged room in it
// from the gallery, sees the photo beside its versions and downloads the board's export.
test('a staged room goes into a project from the gallery and is exported for its board', async ({ page }) => {
  // a real staging job on the local engine first, on two shared cores
  test.setTimeout(120_000)
  await dismissConsent(page)
  await signUpThroughApi(page)
  const started = await page.request.post('/api/render/start', {
    multipart: {
      generationType: 'home-staging',
      roomType: 'living-room',
      stagingStyle: 'scandinavian',
      image: { name: 'room.jpg', mimeType: 'image/jpeg', buffer: readFileSync(FIXTURES.room) },
    },
  })
  expect(started.status(), await started.text()).toBe(202)
  const id = ((await started.json()) as { generation: { id: string } }).generation.id
  await waitForJobs(page, [id])

  await page.goto('/projects')
  await page.getByTestId('project-new').click()
  await page.getByTestId('project-name').fill('12 Elm Street')
  await page.getByTestId('project-board').selectOption('rmls')
  await page.getByTestId('project-save').click()
  await expect(page.getByTestId('project-title')).toHaveText('12 Elm Street')
  const projectUrl = page.url()

  await page.goto(`/gallery?item=${id}`)
  await page.getByTestId('project-move').selectOption({ label: '12 Elm Street' })
  await expect(page.getByText('Moved')).toBeVisible()

  await page.goto(projectUrl)
  // the photo as uploaded, then the cleaned and the staged versions, side by side
  await expect(page.getByTestId('project-version')).toHaveCount(3)
  await expect(page.getByTestId('project-sources')).toContainText('Original')
  await expect(page.getByTestId('project-sources')).toContainText('Staged')
  const download = page.waitForEvent('download')
  await page.getByTestId('export-run').click()
  expect((await download).suggestedFilename()).toBe('12-elm-street-rmls.zip')
  // the gallery's project filter lists the project and filters by it
  await page.goto('/gallery')
  await page.getByTestId('filter-project').selectOption({ label: '12 Elm Street' })
  await expect(page).toHaveURL(/project=/)
})
