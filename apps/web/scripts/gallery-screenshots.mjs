// Screenshots of the gallery and its detail area for a visual check (not a test): empty, a few results, a
// thousand; light and dark; English and Arabic; 390×844 and 1440×900; the detail area in each view mode.
// Usage: BASE_URL=http://localhost:3000 OUT=/tmp/shots node apps/web/scripts/gallery-screenshots.mjs [filter]
// The server must run the local engine with ENABLE_TEST_ROUTES=true (the 1,000 are copies of one render).
import { mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'

const base = process.env.BASE_URL ?? 'http://localhost:3000'
const out = process.env.OUT ?? '/tmp/shots'
const filter = process.argv[2] ?? ''
mkdirSync(out, { recursive: true })
const sketch = readFileSync(fileURLToPath(new URL('../e2e/fixtures/house-sketch.png', import.meta.url)))
const PASSWORD = 'a-long-enough-password'

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})
const sizes = { desktop: { width: 1440, height: 900 }, mobile: { width: 390, height: 844 } }

/** An account through the API; returns a request context carrying its session. */
async function account(name) {
  const ctx = await browser.newContext()
  const email = `gallery-shots-${name}-${Date.now()}@example.com`
  const r = await ctx.request.post(`${base}/api/auth/sign-up`, { data: { email, password: PASSWORD } })
  if (r.status() !== 201) throw new Error(`sign-up ${r.status()}`)
  // one sign-in per account (sign-in is rate limited): every screenshot context gets this session's cookie
  return { email, request: ctx.request, cookies: () => ctx.cookies(), close: () => ctx.close() }
}

async function waitFor(request, ids) {
  for (;;) {
    const r = await request.get(`${base}/api/user/generations/status?ids=${ids.join(',')}`)
    const { generations } = await r.json()
    if (generations.every((g) => g.status === 'completed' || g.status === 'failed')) return generations
    await new Promise((res) => setTimeout(res, 300))
  }
}

async function render(request, userPrompt, extra = {}) {
  const r = await request.post(`${base}/api/render/start`, {
    multipart: {
      generationType: 'sketch-render',
      userPrompt,
      ...extra,
      sketch: { name: 'house.png', mimeType: 'image/png', buffer: sketch },
    },
  })
  const { generation } = await r.json()
  return (await waitFor(request, [generation.id]))[0]
}

// the three galleries
const empty = await account('empty')
const few = await account('few')
const many = await account('many')
await few.request.post(`${base}/api/test/credits`, { data: { credits: 2000 } })
// the first seeded style and palette, so the details panel shows both with their ids
const style = (await (await few.request.get(`${base}/api/styles`)).json()).styles[1]
const palette = (await (await few.request.get(`${base}/api/color-palettes`)).json()).colorPalettes[0]
const villa = await render(few.request, 'A modern villa by a lake, flat roof, timber cladding', {
  ...(style ? { styleId: style.id } : {}),
  ...(palette ? { colorPaletteId: palette.id } : {}),
})
const terrace = await render(few.request, 'Brick terrace houses with green front doors')
await render(few.request, 'Concrete museum with a sky-lit atrium')
const video = await few.request.post(`${base}/api/render/animate`, {
  data: { sourceGenerationId: villa.id, description: 'A slow approach to the entrance', duration: 6 },
})
const videoId = (await video.json()).generation.id
const inpaint = await few.request.post(`${base}/api/render/inpainting`, {
  multipart: {
    sourceGenerationId: terrace.id,
    prompt: 'a tall window with black steel frames',
    maskData: { name: 'mask.png', mimeType: 'image/png', buffer: await maskFor(terrace) },
  },
})
const inpaintId = (await inpaint.json()).generation.id
await waitFor(few.request, [videoId, inpaintId])
await few.request.patch(`${base}/api/user/generations/${villa.id}/favorite`, { data: { favorite: true } })
const first = await render(many.request, 'Timber pavilion in a birch wood')
await many.request.post(`${base}/api/test/generations/${first.id}/copies`, { data: { count: 999 } })

/** A rectangle mask over the left window, made by the browser (no image library needed here). */
async function maskFor(g) {
  const page = await browser.newPage()
  const meta = g.metadata
  const png = await page.evaluate(
    ({ w, h }) => {
      const c = document.createElement('canvas')
      c.width = w
      c.height = h
      const x = c.getContext('2d')
      x.fillStyle = '#000'
      x.fillRect(0, 0, w, h)
      x.fillStyle = '#fff'
      x.fillRect(w * 0.24, h * 0.45, w * 0.16, h * 0.2)
      return c.toDataURL('image/png').split(',')[1]
    },
    { w: meta.width ?? 1024, h: meta.height ?? 768 },
  )
  await page.close()
  return Buffer.from(png, 'base64')
}

async function shoot(name, who, size, theme, language, run) {
  const file = `${name}-${size}-${theme}-${language}`
  if (filter && !file.includes(filter)) return
  const ctx = await browser.newContext({
    viewport: sizes[size],
    reducedMotion: 'reduce',
    locale: language === 'ar' ? 'ar' : 'en-GB',
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
  await ctx.addCookies(await who.cookies())
  const page = await ctx.newPage()
  page.on('pageerror', (e) => console.log(`${file}: page error ${e.message}`))
  await run(page).catch((e) => console.log(`${file}: ${e.message.split('\n')[0]}`))
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: `${out}/${file}.png` })
  console.log(file)
  await ctx.close()
}

const open = async (page, id) => {
  await page.goto(`${base}/gallery?item=${id}`)
  await page.getByTestId('detail-view').waitFor()
}

for (const size of ['desktop', 'mobile']) {
  for (const theme of ['light', 'dark']) {
    for (const language of ['en', 'ar']) {
      const at = (n, who, run) => shoot(n, who, size, theme, language, run)
      await at('gallery-empty', empty, (p) => p.goto(`${base}/gallery`))
      await at('gallery-few', few, async (p) => {
        await p.goto(`${base}/gallery`)
        await p.getByTestId('gallery-tile').first().waitFor()
        if (size === 'desktop') await p.getByTestId('gallery-tile').nth(1).hover()
      })
      await at('gallery-many', many, async (p) => {
        await p.goto(`${base}/gallery`)
        await p.getByTestId('gallery-tile').first().waitFor()
        await p.mouse.wheel(0, 2400)
        await p.waitForTimeout(300)
      })
      await at('detail-after', few, (p) => open(p, villa.id))
      await at('detail-before', few, async (p) => {
        await open(p, villa.id)
        await p.getByTestId('view-before').click()
      })
      await at('detail-compare', few, async (p) => {
        await open(p, inpaintId)
        await p.getByTestId('view-compare').click()
      })
      await at('detail-inpaint', few, async (p) => {
        await open(p, terrace.id)
        await p.getByTestId('mode-inpaint').click()
        const box = await p.getByTestId('lasso-layer').boundingBox()
        const c = { x: box.x + box.width * 0.62, y: box.y + box.height * 0.55 }
        await p.mouse.move(c.x + box.width * 0.08, c.y)
        await p.mouse.down()
        for (let a = 0; a <= Math.PI * 2; a += 0.15)
          await p.mouse.move(c.x + Math.cos(a) * box.width * 0.08, c.y + Math.sin(a) * box.height * 0.1)
        await p.mouse.up()
      })
      await at('detail-zoom', few, async (p) => {
        await open(p, villa.id)
        await p.getByTestId('zoom-in').click()
        await p.getByTestId('zoom-in').click()
      })
      await at('detail-video', few, (p) => open(p, videoId))
      await at('detail-panel', few, async (p) => {
        await open(p, villa.id)
        // the details below the fold: the side panel scrolls on a desktop, the whole view on a phone
        await p.getByTestId('details-panel').scrollIntoViewIfNeeded()
        await p.getByTestId('detail-palette').scrollIntoViewIfNeeded()
      })
    }
  }
}

await empty.close()
await few.close()
await many.close()
await browser.close()
