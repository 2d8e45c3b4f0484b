import { readFileSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'
import { FIXTURES } from './pages/CreateScreen'

/**
 * Results for gallery scenarios, made through the API as the signed-in page's user (its context carries the
 * session cookie): real renders on the local engine, and for paging, copies of one real result through the
 * suite's test route (ENABLE_TEST_ROUTES in playwright.config.ts), which would otherwise be 150 renders.
 */
export interface Made {
  id: string
  type: 'image' | 'video'
  outputImageUrl: string | null
  outputVideoUrl: string | null
  thumbnailUrl: string | null
  userPrompt: string
  favorite: boolean
}

const sketch = () => readFileSync(FIXTURES.sketch)

/** Wait until the server says these jobs finished (the status call the browser's fallback polls). */
export async function waitForJobs(page: Page, ids: string[]): Promise<Made[]> {
  let done: Made[] = []
  await expect
    .poll(
      async () => {
        const r = await page.request.get(`/api/user/generations/status?ids=${ids.join(',')}`)
        const { generations } = (await r.json()) as { generations: Array<Made & { status: string }> }
        done = generations
        return generations.filter((g) => g.status === 'completed').length
      },
      { timeout: 45_000, intervals: [200, 300, 500] },
    )
    .toBe(ids.length)
  return ids.map((id) => done.find((g) => g.id === id)!)
}

export async function startSketch(page: Page, userPrompt: string): Promise<string> {
  const r = await page.request.post('/api/render/start', {
    multipart: {
      generationType: 'sketch-render',
      userPrompt,
      sketch: { name: 'house.png', mimeType: 'image/png', buffer: sketch() },
    },
  })
  expect(r.status(), await r.text()).toBe(202)
  return ((await r.json()) as { generation: { id: string } }).generation.id
}

export async function renderSketch(page: Page, userPrompt: string): Promise<Made> {
  return (await waitForJobs(page, [await startSketch(page, userPrompt)]))[0]!
}

/** A 6 s camera move from one of the user's images (200 credits). */
export async function animate(page: Page, source: string, description: string): Promise<Made> {
  const r = await page.request.post('/api/render/animate', {
    data: { sourceGenerationId: source, description, duration: 6, cameraMovement: 'zoom_in' },
  })
  expect(r.status(), await r.text()).toBe(202)
  const id = ((await r.json()) as { generation: { id: string } }).generation.id
  return (await waitForJobs(page, [id]))[0]!
}

export async function favorite(page: Page, id: string) {
  const r = await page.request.patch(`/api/user/generations/${id}/favorite`, { data: { favorite: true } })
  expect(r.status()).toBe(200)
}

export async function grantCredits(page: Page, credits: number) {
  const r = await page.request.post('/api/test/credits', { data: { credits } })
  expect(r.status(), 'the suite runs the server with ENABLE_TEST_ROUTES=true').toBe(200)
}

/** `count` older copies of a finished result; returns their ids, newest first. */
export async function copies(page: Page, id: string, count: number): Promise<string[]> {
  const r = await page.request.post(`/api/test/generations/${id}/copies`, { data: { count } })
  expect(r.status(), 'the suite runs the server with ENABLE_TEST_ROUTES=true').toBe(200)
  return ((await r.json()) as { ids: string[] }).ids
}
