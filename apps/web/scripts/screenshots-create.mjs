// Screenshots of the creation screens (Sketch Render, multi-angle, Home Staging, Image to Video, Ask Parti),
// before and after a result, at 390×844 and 1440×900, light and dark, English and Arabic: a visual check,
// not a test. It signs up one user, makes one result of each kind through the API, then shows them.
// Usage: BASE_URL=http://localhost:3000 OUT=/tmp/shots-create node apps/web/scripts/screenshots-create.mjs [filter]
import { mkdirSync, readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const base = process.env.BASE_URL ?? 'http://localhost:3000'
const out = process.env.OUT ?? '/tmp/shots-create'
const filter = process.argv[2] ?? ''
mkdirSync(out, { recursive: true })
const fixture = (name) => readFileSync(new URL(`../e2e/fixtures/${name}`, import.meta.url))

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})
const sizes = { desktop: { width: 1440, height: 900 }, mobile: { width: 390, height: 844 } }

// one user with one finished result of each kind
const setup = await browser.newContext({ baseURL: base })
const api = setup.request
const email = `shots-${Date.now()}@example.com`
const signUp = await api.post('/api/auth/sign-up', {
  data: { email, password: 'correct horse battery', name: 'Ana Ribeiro' },
})
if (signUp.status() !== 201) throw new Error(`sign-up: ${signUp.status()}`)
const sketch = { name: 'house.png', mimeType: 'image/png', buffer: fixture('house-sketch.png') }
const room = { name: 'room.jpg', mimeType: 'image/jpeg', buffer: fixture('living-room.jpg') }
const ids = async (response) => {
  const body = await response.json()
  if (response.status() !== 202) throw new Error(JSON.stringify(body))
  return body.generation ? [body.generation.id] : body.generations.map((g) => g.id)
}
const started = [
  ...(await ids(
    await api.post('/api/render/start', {
      multipart: {
        generationType: 'sketch-render',
        userPrompt: 'a two-storey family house with a pitched roof and a garden room',
        styleId: 'watercolour-wash',
        colorPaletteId: 'japandi',
        sketch,
      },
    }),
  )),
  ...(await ids(
    await api.post('/api/render/start', {
      multipart: {
        generationType: 'multi-angle',
        userPrompt: 'a family house',
        angles: 'front,corner,aerial',
        sketch,
      },
    }),
  )),
  ...(await ids(
    await api.post('/api/render/start', {
      multipart: {
        generationType: 'home-staging',
        roomType: 'living-room',
        stagingStyle: 'scandinavian',
        image: room,
      },
    }),
  )),
  ...(await ids(
    await api.post('/api/render/animate', {
      multipart: {
        description: 'a slow push towards the window',
        duration: '6',
        cameraMovement: 'dolly_in',
        image: room,
      },
    }),
  )),
]
const conversation = (await (await api.post('/api/conversations', { data: {} })).json()).conversation.id
const firstEdit = await ids(
  await api.post('/api/render/start', {
    multipart: {
      generationType: 'chat-edit',
      userPrompt: 'Make it warmer and brighter',
      conversationId: conversation,
      image: room,
    },
  }),
)
started.push(...firstEdit)
for (;;) {
  const { generations } = await (
    await api.get(`/api/user/generations/status?ids=${started.join(',')}`)
  ).json()
  if (generations.every((g) => g.status === 'completed' || g.status === 'failed')) break
  await new Promise((r) => setTimeout(r, 300))
}
const secondEdit = await ids(
  await api.post('/api/render/start', {
    multipart: {
      generationType: 'chat-edit',
      userPrompt: 'Crop it to 16:9 for a listing',
      conversationId: conversation,
      sourceGenerationId: firstEdit[0],
    },
  }),
)
for (;;) {
  const { generations } = await (await api.get(`/api/user/generations/status?ids=${secondEdit[0]}`)).json()
  if (generations[0].status !== 'pending' && generations[0].status !== 'processing') break
  await new Promise((r) => setTimeout(r, 300))
}
const storageState = await setup.storageState()
await setup.close()

const screens = [
  { name: 'sketch', path: '/sketch', recent: true },
  { name: 'multi-angle', path: '/sketch?mode=multi-angle', recent: true },
  { name: 'staging', path: '/staging', recent: true },
  { name: 'video', path: '/video', recent: true },
  { name: 'ask-parti', path: '/', after: `/?c=${conversation}` },
]

for (const theme of ['light', 'dark']) {
  for (const language of ['en', 'ar']) {
    for (const size of ['desktop', 'mobile']) {
      const ctx = await browser.newContext({
        baseURL: base,
        viewport: sizes[size],
        reducedMotion: 'reduce',
        storageState,
      })
      await ctx.addInitScript(
        ([t, l]) => {
          localStorage.setItem('parti.theme', JSON.stringify({ v: 1, value: t }))
          localStorage.setItem('parti.language', JSON.stringify({ v: 1, value: l }))
          localStorage.setItem(
            'parti.cookie-consent',
            JSON.stringify({
              v: 1,
              value: { accepted: true, categories: ['necessary'], decidedAt: new Date().toISOString() },
            }),
          )
        },
        [theme, language],
      )
      const page = await ctx.newPage()
      for (const screen of screens) {
        const file = (state) => `${screen.name}-${state}-${size}-${theme}-${language}`
        if (filter && !file('').includes(filter)) continue
        await page.goto(screen.path)
        await page.waitForLoadState('networkidle')
        await page.screenshot({ path: `${out}/${file('before')}.png` })
        if (screen.recent) {
          await page.getByTestId('recent-strip').getByRole('button').first().click()
          await page
            .locator('[data-generation-id], [data-testid="multi-angle-result"]')
            .first()
            .waitFor({ timeout: 15_000 })
          // on a phone the result is under the form
          if (size === 'mobile')
            await page.evaluate(() => document.getElementById('result')?.scrollIntoView({ block: 'start' }))
        } else {
          await page.goto(screen.after)
          await page.getByTestId('chat-result').last().waitFor({ timeout: 15_000 })
        }
        await page.waitForLoadState('networkidle')
        await page.waitForTimeout(300)
        await page.screenshot({ path: `${out}/${file('after')}.png` })
        console.log(file('before/after'))
      }
      await ctx.close()
    }
  }
}
await browser.close()
