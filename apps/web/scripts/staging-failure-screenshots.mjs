// Screenshots for a visual check (not a test): the staging screen with the room photo shown once (the lasso on
// the upload box's preview), a failed Ask Parti edit whose reason is translated, and a sketch render whose
// approximations are said on the result; light and dark, English and Arabic, 390 and 1440 px wide.
// Usage: BASE_URL=http://localhost:3000 OUT=/tmp/shots ROOM=/path/to/room.jpg node apps/web/scripts/staging-failure-screenshots.mjs
import { mkdirSync, readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const base = process.env.BASE_URL ?? 'http://localhost:3105'
const out = process.env.OUT ?? '/tmp/staging-failure-shots'
mkdirSync(out, { recursive: true })
const roomPath = process.env.ROOM ?? '/tmp/room.jpg'
const room = readFileSync(roomPath)
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
})
const ctx0 = await browser.newContext()
const r = await ctx0.request.post(`${base}/api/auth/sign-up`, {
  data: { email: `polish-${Date.now()}@example.com`, password: 'a-long-enough-password' },
})
if (r.status() !== 201) throw new Error(`sign-up ${r.status()}`)
async function waitFor(ids) {
  for (;;) {
    const s = await ctx0.request.get(`${base}/api/user/generations/status?ids=${ids.join(',')}`)
    const { generations } = await s.json()
    if (generations.every((g) => g.status === 'completed' || g.status === 'failed')) return generations
    await new Promise((res) => setTimeout(res, 300))
  }
}
const failed = await ctx0.request.post(`${base}/api/render/start`, {
  multipart: {
    generationType: 'chat-edit',
    userPrompt: 'remove the chair',
    image: { name: 'room.jpg', mimeType: 'image/jpeg', buffer: room },
  },
})
const failedId = (await failed.json()).generation.id
const staged = await ctx0.request.post(`${base}/api/render/start`, {
  multipart: {
    generationType: 'home-staging',
    stagingOptions: 'addLighting',
    image: { name: 'room.jpg', mimeType: 'image/jpeg', buffer: room },
  },
})
const stagedId = (await staged.json()).generation.id
const done = await waitFor([failedId, stagedId])
console.log(
  done.map((g) => [g.mode, g.status, g.error, JSON.stringify(g.metadata.failure ?? g.metadata.approximated)]),
)
const cookies = await ctx0.cookies()
const sizes = { desktop: { width: 1440, height: 900 }, mobile: { width: 390, height: 844 } }
for (const size of ['desktop', 'mobile'])
  for (const theme of ['light', 'dark'])
    for (const language of ['en', 'ar']) {
      const ctx = await browser.newContext({
        viewport: sizes[size],
        reducedMotion: 'reduce',
        hasTouch: size === 'mobile',
      })
      await ctx.addInitScript(
        ([t, l]) => {
          localStorage.setItem('parti.theme', JSON.stringify({ v: 1, value: t }))
          localStorage.setItem('parti.language', JSON.stringify({ v: 1, value: l }))
          localStorage.setItem(
            'parti.cookie-consent',
            JSON.stringify({
              v: 1,
              value: { accepted: false, categories: ['necessary'], decidedAt: new Date().toISOString() },
            }),
          )
        },
        [theme, language],
      )
      await ctx.addCookies(cookies)
      const page = await ctx.newPage()
      page.on('pageerror', (e) => console.log(`page error ${e.message}`))
      const file = `${size}-${theme}-${language}`
      await page.goto(`${base}/staging`)
      await page.getByTestId('room-upload').locator('input[type=file]').setInputFiles(roomPath)
      await page.getByTestId('staging-lasso').locator('img').waitFor({ timeout: 15000 })
      await page.waitForTimeout(500)
      await page.getByTestId('room-upload').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${out}/staging-${file}.png` })
      await page.goto(`${base}/gallery?item=${failedId}`)
      await page.getByTestId('failure-reason').waitFor({ timeout: 15000 })
      await page.waitForTimeout(400)
      await page.screenshot({ path: `${out}/failed-${file}.png` })
      await page.goto(`${base}/gallery?item=${stagedId}`)
      await page.getByTestId('result-notes').first().waitFor({ timeout: 15000 })
      await page.getByTestId('result-notes').first().scrollIntoViewIfNeeded()
      await page.waitForTimeout(400)
      await page.screenshot({ path: `${out}/approximated-${file}.png` })
      console.log(file)
      await ctx.close()
    }
await browser.close()
