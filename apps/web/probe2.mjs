import { chromium, request as pwRequest } from '@playwright/test'
import { readFileSync } from 'node:fs'
const base = 'http://127.0.0.1:3400'
const api = await pwRequest.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } })
await api.post('/api/auth/sign-up', { data: { email: `pr${Date.now()}@example.com`, password: 'correct horse battery' } })
const s = await api.post('/api/render/start', { multipart: { generationType: process.env.KIND ?? 'light', image: { name: 'h.jpg', mimeType: 'image/jpeg', buffer: readFileSync('e2e/fixtures/tilted-house.jpg') } } })
const gen = (await s.json()).generation
await new Promise((r) => setTimeout(r, 6000))
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'] })
const ctx = await browser.newContext(); await ctx.addCookies((await api.storageState()).cookies)
const page = await ctx.newPage()
const errors = []
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text().slice(0, 400)) })
page.on('pageerror', (e) => errors.push('PAGEERROR ' + e.message + '\n' + (e.stack ?? '').slice(0, 800)))
await page.goto(`${base}/gallery?item=${gen.id}`)
await page.waitForTimeout(3000)
console.log((await page.locator('body').innerText()).slice(0, 200))
console.log(errors.join('\n'))
await browser.close()
