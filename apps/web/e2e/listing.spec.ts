import { readFileSync } from 'node:fs'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { waitForJobs } from './gallery-data'
import { FIXTURES } from './pages/CreateScreen'

// docs/decisions/0117-whole-listing-batch.md: a job started with a project lands in it; on the project page the
// agent picks the steps for its photos, reads one itemised quote, runs it, and the results join the project.
test('a whole listing is quoted line by line, then run, and its results join the project', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await dismissConsent(page)
  await signUpThroughApi(page)
  const project = await page.request.post('/api/user/projects', { data: { name: '7 Birch Road' } })
  const projectId = ((await project.json()) as { project: { id: string } }).project.id
  // a straighten-free start: one staging job named with the project, as the staging page's picker sends it
  const started = await page.request.post('/api/render/start', {
    multipart: {
      generationType: 'home-staging',
      stagingStyle: 'modern',
      projectId,
      image: { name: 'room.jpg', mimeType: 'image/jpeg', buffer: readFileSync(FIXTURES.room) },
    },
  })
  expect(started.status(), await started.text()).toBe(202)
  const first = ((await started.json()) as { generation: { id: string; projectId: string } }).generation
  expect(first.projectId).toBe(projectId)
  await waitForJobs(page, [first.id])

  await page.goto(`/projects/${projectId}`)
  const panel = page.getByTestId('listing-panel')
  await expect(panel).toBeVisible()
  // cleaning alone, for the one photo, tagged as the living room
  await panel.getByTestId('listing-step-staging').uncheck()
  await panel.getByTestId('listing-step-staging:staging-clean').check()
  await panel.getByTestId('listing-room').fill('Living room')
  await panel.getByTestId('listing-quote').click()
  const table = panel.getByTestId('listing-quote-table')
  await expect(table).toBeVisible()
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(table.locator('tbody tr')).toContainText('Living room')
  await expect(panel.getByTestId('listing-total')).toHaveText('20')
  const before = (await (await page.request.get('/api/user/profile')).json()).user.credits as number
  await panel.getByTestId('listing-run').click()
  await expect(page.getByText('1 job started for 20 credits')).toBeVisible()
  await expect(table).toHaveCount(0)

  const list = await page.request.get(`/api/user/generations?projectId=${projectId}&limit=10`)
  const gens = ((await list.json()) as { generations: { id: string; batchId: string | null }[] }).generations
  const batch = gens.filter((g) => g.batchId)
  expect(batch).toHaveLength(1)
  await waitForJobs(page, [batch[0]!.id])
  const after = (await (await page.request.get('/api/user/profile')).json()).user.credits as number
  expect(before - after).toBe(20)
  // the cleaned photo is a new version of the same source photo on the project page
  await page.reload()
  await expect(page.getByTestId('project-sources').locator('li')).toHaveCount(1)
  await expect(page.getByTestId('project-version')).toHaveCount(4)
})
