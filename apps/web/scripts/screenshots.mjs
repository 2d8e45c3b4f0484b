// Screenshots of the landing page and the app shell for a visual check (not a test).
// Usage: BASE_URL=http://localhost:3000 OUT=/tmp/shots node apps/web/scripts/screenshots.mjs [filter]
import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'

const base = process.env.BASE_URL ?? 'http://localhost:3000'
const out = process.env.OUT ?? '/tmp/shots'
const filter = process.argv[2] ?? ''
mkdirSync(out, { recursive: true })

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
const sizes = { desktop: { width: 1440, height: 900 }, mobile: { width: 390, height: 844 } }
const email = `shots-${Date.now()}@example.com`
let signedUp = false

async function context(size, theme, language, extra = {}) {
  const ctx = await browser.newContext({
    viewport: sizes[size],
    reducedMotion: 'reduce',
    locale: language === 'ar' ? 'ar' : 'en-GB',
  })
  await ctx.addInitScript(
    ([t, l, e]) => {
      localStorage.setItem('parti.theme', JSON.stringify({ v: 1, value: t }))
      localStorage.setItem('parti.language', JSON.stringify({ v: 1, value: l }))
      for (const [k, v] of Object.entries(e)) localStorage.setItem(k, JSON.stringify({ v: 1, value: v }))
    },
    [theme, language, extra],
  )
  return ctx
}

async function shoot(name, size, theme, language, run, extra) {
  const file = `${name}-${size}-${theme}-${language}`
  if (filter && !file.includes(filter)) return
  const ctx = await context(size, theme, language, extra)
  const page = await ctx.newPage()
  await run(page)
  await page.waitForLoadState('networkidle')
  await page.screenshot({
    path: `${out}/${file}.png`,
    fullPage: name.startsWith('landing') || name.startsWith('page'),
  })
  console.log(file)
  await ctx.close()
}

async function signIn(page) {
  const path = signedUp ? '/api/auth/sign-in' : '/api/auth/sign-up'
  await page.goto(`${base}/product`)
  await page.evaluate(
    ([p, e]) =>
      fetch(p, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: e, password: 'correct horse battery', name: 'Ana Ribeiro' }),
      }),
    [path, email],
  )
  signedUp = true
}

for (const theme of ['light', 'dark']) {
  for (const language of ['en', 'ar']) {
    for (const size of ['desktop', 'mobile']) {
      await shoot('landing', size, theme, language, (p) => p.goto(base))
      await shoot('hero', size, theme, language, (p) => p.goto(base))
      await shoot('shell-expanded', size, theme, language, async (p) => {
        await signIn(p)
        await p.goto(`${base}/`)
        await p.getByTestId('greeting').waitFor()
        if (size === 'mobile') {
          await p.getByTestId('open-drawer').click()
          await p.getByTestId('mobile-drawer').waitFor()
        }
      })
      if (size === 'mobile')
        await shoot('shell-closed', size, theme, language, async (p) => {
          await signIn(p)
          await p.goto(`${base}/`)
          await p.getByTestId('greeting').waitFor()
        })
      await shoot('dialog', size, theme, language, async (p) => {
        await p.goto(base)
        await p.getByTestId('hero-try-free').click()
        await p.getByRole('dialog').waitFor()
      })
      if (size === 'desktop')
        await shoot(
          'shell-collapsed',
          size,
          theme,
          language,
          async (p) => {
            await signIn(p)
            await p.goto(`${base}/video`)
            await p.getByTestId('page-title').waitFor()
          },
          { 'parti.sidebar': 'collapsed' },
        )
    }
  }
}
for (const path of ['support', 'terms', 'product', 'contact']) {
  await shoot(`page-${path}`, 'desktop', 'light', 'en', (p) => p.goto(`${base}/${path}`))
}
await browser.close()
