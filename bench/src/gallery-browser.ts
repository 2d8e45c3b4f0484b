// The gallery's scroll in a real browser: Chromium (Debian's, never a download) with the CPU throttled ×4 as a
// mid-range laptop, scrolling a 1,000-item gallery from top to bottom at a brisk, steady pace while the next
// keyset pages load, counting frames that miss the 60 Hz budget.
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Page } from '@playwright/test'
import { percentile, round } from './stats.ts'

export interface ScrollResult {
  frames: number
  /** frames longer than 1.5 × 16.7 ms: at least one frame the display had to repeat */
  dropped: number
  p95: number
  p99: number
  worst: number
  /** long animation frames (> 50 ms) Chromium reported */
  longFrames: number
  items: number
  pageRequests: number
  seconds: number
}

const FRAME_MS = 1000 / 60

/**
 * Runs in the page: one scrollBy per animation frame until the last of the expected items is in the grid and
 * the page is at its bottom (or two minutes pass), recording every frame interval.
 */
const SCROLL_SCRIPT = `new Promise((resolve) => {
  const step = STEP, expected = EXPECTED
  const frames = []
  let longFrames = 0
  try {
    new PerformanceObserver((list) => { longFrames += list.getEntries().length }).observe({ type: 'long-animation-frame' })
  } catch (e) {}
  const started = performance.now()
  let last = started
  function tick(now) {
    frames.push(now - last)
    last = now
    const grid = document.querySelector('[data-testid="gallery-grid"]')
    const count = Number(grid ? grid.dataset.count : 0)
    const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4
    if ((atEnd && count >= expected) || now - started > 120000) {
      resolve({ frames: frames.slice(1), longFrames, items: count, ms: now - started })
      return
    }
    window.scrollBy(0, step)
    requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
})`

async function scrollDown(
  page: Page,
  context: BrowserContext,
  options: { throttle: number; pxPerFrame: number; expected: number },
): Promise<Omit<ScrollResult, 'pageRequests'>> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.throttle })
  // a plain string: the bench runs through tsx, whose helpers (__name) do not exist in the page
  const run = (await page.evaluate(
    SCROLL_SCRIPT.replace('STEP', String(options.pxPerFrame)).replace('EXPECTED', String(options.expected)),
  )) as { frames: number[]; longFrames: number; items: number; ms: number }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  return {
    frames: run.frames.length,
    dropped: run.frames.filter((f) => f > FRAME_MS * 1.5).length,
    p95: round(percentile(run.frames, 95), 1),
    p99: round(percentile(run.frames, 99), 1),
    worst: round(Math.max(...run.frames), 1),
    longFrames: run.longFrames,
    items: run.items,
    seconds: round(run.ms / 1000, 1),
  }
}

async function scrollGallery(
  context: BrowserContext,
  base: string,
  settings: { throttle: number; pxPerFrame: number; expected: number },
): Promise<ScrollResult> {
  const page = await context.newPage()
  let pageRequests = 0
  page.on('request', (r) => {
    if (/\/api\/user\/generations\?/.test(r.url())) pageRequests++
  })
  await page.goto(`${base}/gallery`)
  await page
    .getByTestId('gallery-grid')
    .waitFor()
    .catch(async (error: Error) => {
      const shot = join(tmpdir(), 'parti-bench-gallery-failure.png')
      await page.screenshot({ path: shot })
      throw new Error(
        `the gallery did not show its grid at ${page.url()} (screenshot: ${shot}): ${error.message}`,
      )
    })
  // let the first screen of thumbnails arrive before the clock starts
  await page.waitForLoadState('networkidle')
  const gallery = { ...(await scrollDown(page, context, settings)), pageRequests }
  await page.close()
  return gallery
}

/** The same thumbnails as plain HTML: a CSS grid of lazy images, no script. */
async function scrollReference(
  context: BrowserContext,
  base: string,
  settings: { throttle: number; pxPerFrame: number; expected: number },
): Promise<ScrollResult> {
  const page = await context.newPage()
  await page.goto(`${base}/api/health`)
  const urls: string[] = []
  let cursor: string | null = null
  do {
    const r = await page.request.get(`${base}/api/user/generations${cursor ? `?cursor=${cursor}` : ''}`)
    const body = (await r.json()) as {
      generations: Array<{ thumbnailUrl: string }>
      nextCursor: string | null
    }
    urls.push(...body.generations.map((g) => g.thumbnailUrl))
    cursor = body.nextCursor
  } while (cursor)
  await page.setContent(
    `<body style="margin:0;padding:24px 300px 24px 24px"><div data-testid="gallery-grid" data-count="${urls.length}" style="display:grid;grid-template-columns:repeat(5,1fr);gap:12px">${urls
      .map(
        (u) =>
          `<div style="aspect-ratio:1;border-radius:12px;overflow:hidden;background:#ddd"><img src="${base}${u}" loading="lazy" decoding="async" width="512" height="512" style="width:100%;height:100%;object-fit:cover"></div>`,
      )
      .join('')}</div></body>`,
  )
  await page.waitForLoadState('networkidle')
  const reference = { ...(await scrollDown(page, context, settings)), pageRequests: 0 }
  await page.close()
  return reference
}

/**
 * The gallery, then a reference: the same 1,000 thumbnails as plain HTML (a CSS grid of lazy images, no
 * script), scrolled the same way in the same browser. On a shared 2-core machine without a GPU even the plain
 * page misses some frames; the reference says how many of the gallery's are the machine's.
 */
export async function measureGalleryScroll(
  base: string,
  cookie: { name: string; value: string },
  options: { throttle?: number; pxPerFrame?: number; expected: number; runs?: number },
): Promise<{ gallery: ScrollResult; reference: ScrollResult }> {
  const settings = {
    throttle: options.throttle ?? 4,
    pxPerFrame: options.pxPerFrame ?? 60,
    expected: options.expected,
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 })
    await context.addCookies([{ ...cookie, url: base }])
    const consent = JSON.stringify({
      v: 1,
      value: { accepted: false, categories: ['necessary'], decidedAt: '2026-01-01T00:00:00.000Z' },
    })
    await context.addInitScript({
      content: `localStorage.setItem('parti.cookie-consent', ${JSON.stringify(consent)})`,
    })
    const galleryRuns: ScrollResult[] = []
    const referenceRuns: ScrollResult[] = []
    // this machine is shared: alternate the two pages and keep the median run of each
    for (let run = 0; run < (options.runs ?? 3); run++) {
      galleryRuns.push(await scrollGallery(context, base, settings))
      referenceRuns.push(await scrollReference(context, base, settings))
    }
    const middle = (runs: ScrollResult[]) =>
      [...runs].sort((a, b) => a.dropped - b.dropped)[runs.length >> 1]!
    return { gallery: middle(galleryRuns), reference: middle(referenceRuns) }
  } finally {
    await browser.close()
  }
}
