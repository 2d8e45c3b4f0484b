/// <reference lib="dom" />
// The gallery's scroll in a real browser: Chromium (Debian's, never a download) with the CPU throttled ×4 as a
// mid-range laptop, scrolling a 1,000-item gallery from top to bottom at a brisk, steady pace while the next
// keyset pages load, counting frames that miss the 60 Hz budget.
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
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

export async function measureGalleryScroll(
  base: string,
  cookie: { name: string; value: string },
  options: { throttle?: number; pxPerFrame?: number; expected: number },
): Promise<ScrollResult> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 })
    await context.addCookies([{ ...cookie, url: base }])
    await context.addInitScript(() => {
      localStorage.setItem(
        'parti.cookie-consent',
        JSON.stringify({
          v: 1,
          value: { accepted: false, categories: ['necessary'], decidedAt: new Date().toISOString() },
        }),
      )
    })
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
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.throttle ?? 4 })

    const run = await page.evaluate(
      ({ step, expected }) =>
        new Promise<{ frames: number[]; longFrames: number; items: number; ms: number }>((resolve) => {
          const frames: number[] = []
          let longFrames = 0
          try {
            new PerformanceObserver((list) => {
              longFrames += list.getEntries().length
            }).observe({ type: 'long-animation-frame' } as PerformanceObserverInit)
          } catch {
            // older Chromium: frame intervals still tell the story
          }
          const started = performance.now()
          let last = started
          const grid = () => document.querySelector<HTMLElement>('[data-testid="gallery-grid"]')
          const tick = (now: number) => {
            frames.push(now - last)
            last = now
            const count = Number(grid()?.dataset.count ?? 0)
            const root = document.documentElement
            const atEnd = window.scrollY + window.innerHeight >= root.scrollHeight - 4
            if ((atEnd && count >= expected) || now - started > 120_000) {
              resolve({ frames: frames.slice(1), longFrames, items: count, ms: now - started })
              return
            }
            window.scrollBy(0, step)
            requestAnimationFrame(tick)
          }
          requestAnimationFrame(tick)
        }),
      { step: options.pxPerFrame ?? 60, expected: options.expected },
    )
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    return {
      frames: run.frames.length,
      dropped: run.frames.filter((f) => f > FRAME_MS * 1.5).length,
      p95: round(percentile(run.frames, 95), 1),
      p99: round(percentile(run.frames, 99), 1),
      worst: round(Math.max(...run.frames), 1),
      longFrames: run.longFrames,
      items: run.items,
      pageRequests,
      seconds: round(run.ms / 1000, 1),
    }
  } finally {
    await browser.close()
  }
}
