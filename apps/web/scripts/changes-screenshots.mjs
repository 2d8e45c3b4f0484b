// Screenshots of "Show changes" for a visual check (not a test): a masked Ask Parti edit and a masked inpaint of
// a room picture, in Ask Parti's result viewer and the gallery detail with its details panel; light and dark,
// English and Arabic, 390 and 1440 px wide (docs/product.md#masked-edits).
// Usage: BASE_URL=http://localhost:3000 OUT=/tmp/changes-shots ROOM=/path/to/room.jpg node apps/web/scripts/changes-screenshots.mjs
import { mkdirSync, readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const base = process.env.BASE_URL ?? 'http://localhost:3101'
const out = process.env.OUT ?? '/tmp/changes-shots'
mkdirSync(out, { recursive: true })
const room = readFileSync(process.env.ROOM ?? '/tmp/room.jpg')
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
})
const ctx0 = await browser.newContext()
const r = await ctx0.request.post(`${base}/api/auth/sign-up`, {
  data: { email: `changes-${Date.now()}@example.com`, password: 'a-long-enough-password' },
})
if (r.status() !== 201) throw new Error(`sign-up ${r.status()}`)
const page0 = await browser.newPage()
const mask = Buffer.from(
  await page0.evaluate(() => {
    const c = document.createElement('canvas')
    c.width = 1024
    c.height = 768
    const x = c.getContext('2d')
    x.fillStyle = '#000'
    x.fillRect(0, 0, 1024, 768)
    x.fillStyle = '#fff'
    x.beginPath()
    x.ellipse(330, 520, 190, 120, 0, 0, Math.PI * 2)
    x.fill()
    return c.toDataURL('image/png').split(',')[1]
  }),
  'base64',
)
await page0.close()
async function waitFor(ids) {
  for (;;) {
    const s = await ctx0.request.get(`${base}/api/user/generations/status?ids=${ids.join(',')}`)
    const { generations } = await s.json()
    if (generations.every((g) => g.status === 'completed' || g.status === 'failed')) return generations
    await new Promise((res) => setTimeout(res, 300))
  }
}
const edit = await ctx0.request.post(`${base}/api/render/start`, {
  multipart: {
    generationType: 'chat-edit',
    userPrompt: 'make it much warmer and brighter',
    image: { name: 'room.jpg', mimeType: 'image/jpeg', buffer: room },
    maskData: { name: 'mask.png', mimeType: 'image/png', buffer: mask },
  },
})
const editId = (await edit.json()).generation.id
const conv = (await (await ctx0.request.post(`${base}/api/conversations`, { data: {} })).json()).conversation
  .id
const chat = await ctx0.request.post(`${base}/api/render/start`, {
  multipart: {
    generationType: 'chat-edit',
    userPrompt: 'make it much warmer and brighter',
    conversationId: conv,
    image: { name: 'room.jpg', mimeType: 'image/jpeg', buffer: room },
    maskData: { name: 'mask.png', mimeType: 'image/png', buffer: mask },
  },
})
const chatId = (await chat.json()).generation.id
await waitFor([chatId])
const inpaint = await ctx0.request.post(`${base}/api/render/inpainting`, {
  multipart: {
    prompt: 'remove the rug',
    image: { name: 'room.jpg', mimeType: 'image/jpeg', buffer: room },
    maskData: { name: 'mask.png', mimeType: 'image/png', buffer: mask },
  },
})
const inpaintId = (await inpaint.json()).generation.id
const done = await waitFor([editId, inpaintId])
console.log(done.map((g) => [g.mode, g.status, g.metadata.changedArea, g.error]))
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
      await page.goto(`${base}${'/'}?c=${conv}`)
      await page.getByRole('switch').first().waitFor({ timeout: 15000 })
      await page.getByRole('switch').first().click()
      await page.locator('[data-testid="changes-overlay"][data-ready]').waitFor({ timeout: 15000 })
      await page.getByTestId('changed-area').first().scrollIntoViewIfNeeded()
      await page.waitForTimeout(400)
      await page.screenshot({ path: `${out}/chat-${size}-${theme}-${language}.png` })
      await page.goto(`${base}/gallery?item=${editId}`)
      await page.getByTestId('detail-view').waitFor()
      await page.getByTestId('show-changes').click()
      await page.locator('[data-testid="changes-overlay"][data-ready]').waitFor({ timeout: 15000 })
      await page.waitForTimeout(400)
      const file = `${size}-${theme}-${language}`
      await page.screenshot({ path: `${out}/detail-${file}.png` })
      await page.getByTestId('detail-changed-area').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${out}/panel-${file}.png` })
      if (theme === 'light') {
        await page.goto(`${base}/gallery?item=${inpaintId}`)
        await page.getByTestId('detail-view').waitFor()
        await page.getByTestId('show-changes').click()
        await page.locator('[data-testid="changes-overlay"][data-ready]').waitFor({ timeout: 15000 })
        await page.waitForTimeout(400)
        await page.screenshot({ path: `${out}/inpaint-${file}.png` })
      }
      console.log(file)
      await ctx.close()
    }
await browser.close()
