// A stand-in for the API while the real server is being built: serves apps/web/dist and answers the few
// /api calls the shell makes, with the contract's shapes. For looking at the UI only; e2e tests use the real
// server (playwright.config.ts). Usage: PORT=3000 node apps/web/scripts/mock-api.mjs
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, resolve } from 'node:path'

const dist = resolve(new URL('../dist', import.meta.url).pathname)
const users = new Map() // email -> { password, user }
const sessions = new Map() // token -> email
const types = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.html': 'text/html',
  '.json': 'application/json',
}

const profile = (email, name) => ({
  uid: randomUUID(),
  email,
  name: name ?? null,
  photoURL: null,
  role: email.startsWith('admin') ? 'admin' : 'user',
  plan: null,
  subscriptionType: null,
  autoRenewal: false,
  subscriptionEndDate: null,
  subscriptionStatus: 'none',
  credits: email.startsWith('low') ? 40 : 12480,
  createdAt: new Date().toISOString(),
})

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}
const fail = (res, status, code, message, details) => send(res, status, { error: { code, message, details } })

function sessionUser(req) {
  const token = /parti_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1]
  const email = token && sessions.get(token)
  return email ? users.get(email).user : null
}

async function body(req) {
  let data = ''
  for await (const chunk of req) data += chunk
  return data ? JSON.parse(data) : {}
}

function login(res, status, user) {
  const token = randomUUID()
  sessions.set(token, user.email)
  send(
    res,
    status,
    { token, user },
    { 'Set-Cookie': `parti_session=${token}; HttpOnly; Path=/; SameSite=Lax` },
  )
}

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x')
  const route = `${req.method} ${url.pathname}`
  if (url.pathname.startsWith('/api/')) {
    switch (route) {
      case 'GET /api/health':
        return send(res, 200, { success: true })
      case 'GET /api/auth/providers':
        return send(res, 200, { password: true, google: false, apple: false })
      case 'POST /api/auth/sign-up': {
        const { email, password, name } = await body(req)
        if (!email?.includes('@'))
          return fail(res, 400, 'validation_failed', 'Invalid e-mail', { field: 'email' })
        if ((password ?? '').length < 8)
          return fail(res, 400, 'validation_failed', 'Too short', { field: 'password' })
        if (users.has(email)) return fail(res, 409, 'email_taken', 'Taken', { field: 'email' })
        const user = profile(email, name)
        users.set(email, { password, user })
        return login(res, 201, user)
      }
      case 'POST /api/auth/sign-in': {
        const { email, password } = await body(req)
        const found = users.get(email)
        if (!found || found.password !== password) return fail(res, 401, 'invalid_credentials', 'Incorrect')
        return login(res, 200, found.user)
      }
      case 'POST /api/auth/sign-out':
        return send(res, 200, { success: true }, { 'Set-Cookie': 'parti_session=; Path=/; Max-Age=0' })
      case 'GET /api/user/profile': {
        const user = sessionUser(req)
        return user ? send(res, 200, { user }) : fail(res, 401, 'unauthorized', 'Please sign in')
      }
      case 'GET /api/user/stats': {
        if (!sessionUser(req)) return fail(res, 401, 'unauthorized', 'Please sign in')
        const inProgress = { chatEdit: 1, video: 2, sketchRender: 0, homeStaging: 1 }
        return send(res, 200, {
          stats: {
            inProgress,
            totalInProgress: 4,
            totals: {
              generations: 0,
              images: 0,
              videos: 0,
              favorites: 0,
              completed: 0,
              failed: 0,
              creditsSpent: 0,
            },
          },
        })
      }
      case 'POST /api/consent':
        return send(res, 201, { success: true })
      case 'POST /api/contact/messages':
        await body(req)
        return send(res, 201, { success: true })
      default:
        return fail(res, 404, 'not_found', 'Not found')
    }
  }
  let file = join(dist, url.pathname)
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory())
    file = join(dist, 'index.html')
  res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' })
  res.end(readFileSync(file))
}).listen(Number(process.env.PORT ?? 3000), () => console.log(`mock api on ${process.env.PORT ?? 3000}`))
