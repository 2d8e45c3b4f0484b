import { chromium, request as pwRequest } from '@playwright/test'
import { readFileSync } from 'node:fs'
const base = 'http://127.0.0.1:3400'
const api = await pwRequest.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } })
const r = await api.post('/api/auth/sign-up', { data: { email: `shots${Date.now()}@example.com`, password: 'correct horse battery' } })
if (!r.ok()) throw new Error(await r.text())
const photo = readFileSync('e2e/fixtures/tilted-house.jpg')
const s = await api.post('/api/render/start', { multipart: { generationType: 'light', image: { name: 'h.jpg', mimeType: 'image/jpeg', buffer: photo } } })
const gen = (await s.json()).generation
const p = await api.post('/api/user/projects', { data: { name: '12 Elm Street', reference: 'MLS 4411', client: 'Marta', notes: '' } })
const project = (await p.json()).project
await new Promise((res) => setTimeout(res, 6000))
await api.put(`/api/user/generations/${gen.id}/project`, { data: { projectId: project.id } }).catch(() => {})
const cookies = (await api.storageState()).cookies
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'] })
const pages = (process.env.PAGES ?? '/prep,/prep/privacy,/prep/repaint,/verify').split(',').map((x) => x.replace('{gen}', gen.id).replace('{project}', project.id))
for (const [w, lang, theme] of [[390, 'ar', 'dark'], [1440, 'en', 'light'], [1440, 'ar', 'light'], [390, 'en', 'dark']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 } })
  await ctx.addCookies(cookies)
  await ctx.addInitScript(([l, t]) => {
    localStorage.setItem('parti.language', JSON.stringify({ v: 1, value: l }))
    localStorage.setItem('parti.theme', JSON.stringify({ v: 1, value: t }))
    localStorage.setItem('parti.consent', JSON.stringify({ v: 1, value: { analytics: false, decided: true } }))
  }, [lang, theme])
  const page = await ctx.newPage()
  for (const path of pages) {
    await page.goto(base + path)
    await page.waitForTimeout(2500)
    const name = path.replace(/[/?=&]/g, '_').slice(0, 40)
    await page.screenshot({ path: `/tmp/shots/${name}-${lang}-${theme}-${w}.png`, fullPage: true })
  }
  await ctx.close()
}
await browser.close()
console.log('gen', gen.id, 'project', project.id)
