import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { waitForJobs } from './gallery-data'
import { FIXTURES } from './pages/CreateScreen'

// docs/product.md#content-credentials: a staged room downloaded from the gallery carries Content Credentials;
// anyone, signed out, drops it on /verify and reads its history; the untouched photo has none, and the same
// file with one byte changed reads as changed after signing.
test('a downloaded result verifies on the public /verify page; an edited copy reads as tampered', async ({
  page,
  browser,
}) => {
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

  await page.goto(`/gallery?item=${id}`)
  // the gallery's chunks load first: on two shared cores that can take a while
  await expect(page.getByTestId('detail-credentials').getByRole('link')).toHaveAttribute('href', '/verify', {
    timeout: 30_000,
  })
  const downloading = page.waitForEvent('download')
  await page.getByTestId('detail-download').click()
  const signed = readFileSync((await (await downloading).path())!)

  // a visitor who is not signed in
  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  await dismissConsent(visitor)
  await visitor.goto('/verify')
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText("Check a file's history", {
    timeout: 30_000,
  })
  const input = visitor.locator('input[type=file]')
  await input.setInputFiles({ name: 'staged.png', mimeType: 'image/png', buffer: signed })
  const report = visitor.getByTestId('verify-report')
  await expect(report).toHaveAttribute('data-state', 'valid')
  await expect(report).toContainText('Virtually staged')
  await expect(report).toContainText('Made with AI')
  await expect(report).toContainText('Test certificate')
  // the page with a report on it, in both themes: no serious accessibility violation
  for (const theme of ['light', 'dark']) {
    await visitor.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme)
    const results = await new AxeBuilder({ page: visitor }).withTags(['wcag2a', 'wcag2aa']).analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      theme,
    ).toEqual([])
  }

  const tampered = Buffer.from(signed)
  tampered[tampered.length - 200] = tampered[tampered.length - 200]! ^ 0xff
  await input.setInputFiles({ name: 'edited.png', mimeType: 'image/png', buffer: tampered })
  await expect(report).toHaveAttribute('data-state', 'tampered')
  await expect(report).toContainText('Changed after signing')

  await input.setInputFiles({ name: 'room.jpg', mimeType: 'image/jpeg', buffer: readFileSync(FIXTURES.room) })
  await expect(report).toHaveAttribute('data-state', 'none')
  await visitorContext.close()
})
