// Screenshots of the admin screens (/admin with the style form open and closed, /admin/plans) at 390×844 and
// 1440×900, light and dark, English and Arabic: a visual check, not a test. The server must give the admin
// role to ADMIN (ADMIN_EMAILS); the account is created, or signed into, here.
// Usage: BASE_URL=http://localhost:3000 ADMIN=admin@parti.test OUT=/tmp/shots-admin \
//        node apps/web/scripts/screenshots-admin.mjs [filter]
import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'

const base = process.env.BASE_URL ?? 'http://localhost:3000'
const out = process.env.OUT ?? '/tmp/shots-admin'
const admin = process.env.ADMIN ?? 'admin@parti.test'
const password = 'correct horse battery'
const filter = process.argv[2] ?? ''
mkdirSync(out, { recursive: true })

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})
const sizes = { desktop: { width: 1440, height: 900 }, mobile: { width: 390, height: 844 } }

const setup = await browser.newContext({ baseURL: base })
const signUp = await setup.request.post('/api/auth/sign-up', { data: { email: admin, password } })
if (signUp.status() === 409) {
  const signIn = await setup.request.post('/api/auth/sign-in', { data: { email: admin, password } })
  if (!signIn.ok()) throw new Error(`sign-in: ${signIn.status()}`)
} else if (signUp.status() !== 201) throw new Error(`sign-up: ${signUp.status()}`)
const state = await setup.storageState()

const screens = [
  { name: 'styles', path: '/admin' },
  { name: 'style-form', path: '/admin', open: (page) => page.getByTestId('new-style').click() },
  {
    name: 'style-edit',
    path: '/admin',
    open: (page) => page.getByTestId('admin-style-row').first().getByRole('button').nth(1).click(),
  },
  { name: 'plans', path: '/admin/plans' },
]

for (const [sizeName, viewport] of Object.entries(sizes)) {
  for (const theme of ['light', 'dark']) {
    for (const language of ['en', 'ar']) {
      const ctx = await browser.newContext({ baseURL: base, viewport, storageState: state })
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
        const file = `${screen.name}-${sizeName}-${theme}-${language}.png`
        if (filter && !file.includes(filter)) continue
        await page.goto(screen.path)
        await page.getByRole('heading', { level: 2 }).first().waitFor()
        await page.waitForLoadState('networkidle')
        if (screen.open) {
          await screen.open(page)
          await page.getByRole('dialog').waitFor()
          await page.waitForTimeout(300) // the dialog's entrance animation
        }
        await page.screenshot({ path: `${out}/${file}`, fullPage: !screen.open })
        console.log(file)
      }
      await ctx.close()
    }
  }
}
await browser.close()
