import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rectMask, sketchPng } from './fixtures/images.ts'
import { Api } from './helpers/client.ts'
import {
  type Access,
  exampleOf,
  fillPath,
  type Operation,
  servedOperations,
} from './helpers/openapi-operations.ts'
import { buyOnTestCheckout } from './helpers/payments.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Who may do what (docs/product.md#access), over every operation of the served OpenAPI document × six callers:
// a visitor, user A, user B, an admin, A's API key and a revoked key of A's. The expected outcome of each cell
// comes from the operation's declared security (public; any signed-in caller; a session, never a key; admins)
// and, for a path that names a resource, from whose it is: every resource in a path is A's, so B and the admin
// get 404, exactly as for a missing one. The few cells the declared security cannot say are in EXCEPTIONS,
// each with its reason. Besides the outcome, nothing A owns may appear in an answer to B or the admin.

type Caller = 'visitor' | 'A' | 'B' | 'admin' | 'key' | 'revoked'
type Outcome = 'allowed' | '401' | '403' | '404'
/** the order each operation is called in: the owner last, so a call that ends a resource ends it after the others */
const CALLERS: Caller[] = ['visitor', 'revoked', 'B', 'admin', 'key', 'A']
const ADMIN = 'matrix-admin@parti.test'

/** From the declared security, and whether the path names one of A's resources. */
function expected(access: Access, caller: Caller, owned: boolean): Outcome {
  if (access === 'public') return 'allowed'
  if (caller === 'visitor' || caller === 'revoked') return '401'
  if (access === 'admin') return caller === 'admin' ? 'allowed' : '403'
  if (access === 'session' && caller === 'key') return '403'
  if (owned && (caller === 'B' || caller === 'admin')) return '404'
  return 'allowed'
}

/** Cells the declared security does not decide, with the reason. */
const EXCEPTIONS: Record<string, Partial<Record<Caller, Outcome>>> = {
  // API keys come with a plan that has API access: B and the admin have none (docs/product.md#api-keys)
  'POST /api/user/api-keys': { B: '403', admin: '403' },
}

/** The access refusals; any other answer (a 2xx, or the route's own 400, 402, 409…) got past the door. */
function outcomeOf(status: number, body: any, owned: boolean): Outcome | 'error' {
  const code = body?.error?.code
  if (status >= 500) return 'error'
  if (status === 401 && code === 'unauthorized') return '401'
  // a 403 with a reason is the route's own answer (a wrong password), not the door's
  if (status === 403 && ['api_key_not_allowed', 'api_access_required'].includes(code)) return '403'
  if (status === 403 && code === 'forbidden' && !body.error.details?.reason) return '403'
  if (status === 404 && owned && code === 'not_found') return '404'
  return 'allowed'
}

let server: TestServer
const apis = {} as Record<Caller, Api>
/** A's things, whose ids must never reach B or the admin */
const mine = {} as Record<string, string>
let aKey: string

async function render(api: Api, extra: Record<string, string> = {}) {
  const f = new FormData()
  for (const [k, v] of Object.entries({ generationType: 'sketch-render', userPrompt: 'a house', ...extra }))
    f.append(k, v)
  f.append('sketch', new Blob([new Uint8Array(await sketchPng(200, 150))]), 'sketch.png')
  const r = await api.postForm('/api/render/start', f)
  expect(r.status, JSON.stringify(r.body)).toBe(202)
  return r.body.generation.id as string
}

/** A fresh resource of A's for a path parameter: a call that ends it (DELETE) gets one of its own. */
async function resourceOf(path: string): Promise<string> {
  const a = apis.A
  if (path.startsWith('/api/user/generations/')) return render(a)
  if (path.startsWith('/api/conversations/'))
    return (await a.post('/api/conversations', { title: 'A’s' })).body.conversation.id
  if (path.startsWith('/api/user/api-keys/')) {
    const r = await a.post('/api/user/api-keys', { name: 'spare' })
    expect(r.status).toBe(201)
    return r.body.id
  }
  if (path.startsWith('/api/payments/checkout-session/')) return mine.checkout!
  if (path.startsWith('/api/user/subscriptions/')) return mine.subscription!
  if (path.startsWith('/api/admin/styles/') || path.startsWith('/api/styles/')) return 'marker-presentation'
  if (path.startsWith('/api/color-palettes/'))
    return (await apis.visitor.get('/api/color-palettes')).body.colorPalettes[0].id
  if (path.startsWith('/api/admin/plans/')) return 'lite'
  if (path.startsWith('/api/admin/outbox/')) return mine.outbox!
  if (path.startsWith('/api/admin/inbox/')) return mine.inbox!
  if (path.startsWith('/api/user/projects/')) {
    const r = await a.post('/api/user/projects', { name: 'A’s listing' })
    expect(r.status).toBe(201)
    return r.body.project.id
  }
  if (path.startsWith('/api/admin/mls-boards/')) return 'rmls'
  // a public original's short link: anyone may ask, an unknown code is a 404 for everyone
  if (path.startsWith('/api/o/')) return 'nocode00'
  throw new Error(`no resource to fill ${path}: add one to this test`)
}

/** Bodies that pass validation, so a caller let through reaches the route's own work. */
const BODIES: Record<string, (caller: Caller) => unknown> = {
  // into A's own project: the owner (and A's key) reach the move and the copy; B is stopped at the result
  'PUT /api/user/generations/{id}/project': () => ({ projectId: mine.project }),
  'POST /api/user/generations/{id}/copy': () => ({ projectId: mine.project }),
  'POST /api/user/generations/{id}/branded': () => ({ target: 'social' }),
  // a valid listing: the owner reaches the photo check (not in the project: 400), B the project's 404
  'POST /api/user/projects/{id}/batch/quote': () => ({
    photos: [{ generationId: mine.generation }],
    steps: [{ kind: 'staging' }],
  }),
  'POST /api/user/projects/{id}/batch': () => ({
    photos: [{ generationId: mine.generation }],
    steps: [{ kind: 'staging' }],
  }),
  'POST /api/account/password': () => ({
    currentPassword: 'not-my-password',
    newPassword: 'another-board-9',
  }),
  'POST /api/account/email': () => ({ email: 'elsewhere@studio.test', password: 'not-my-password' }),
  'DELETE /api/user': () => ({ password: 'not-my-password' }),
  'PUT /api/account/language': () => ({ language: 'fr' }),
  'POST /api/user/api-keys': (c) => ({ name: `key of ${c}` }),
  'PATCH /api/user/api-keys/{id}': () => ({ webhookUrl: null }),
  'PATCH /api/user/generations/{id}/favorite': () => ({ favorite: true }),
  'POST /api/conversations': () => ({ title: 'mine' }),
  'POST /api/payments/create-a-la-carte-payment': () => ({ amount: 1, credits: 200 }),
  'POST /api/user/credits/purchase': () => ({ amount: 1, credits: 200 }),
  'POST /api/payments/create-payment-session': () => ({ amount: 1, credits: 200 }),
  'POST /api/payments/create-checkout-session': () => ({ plan: 'lite', billingType: 'monthly' }),
  'POST /api/user/subscriptions/create': () => ({ plan: 'lite', billingType: 'monthly' }),
  'POST /api/admin/inbox/{id}/handled': () => ({ handled: true }),
  'POST /api/admin/inbox/{id}/reply': () => ({ text: 'Hello' }),
}

async function call(op: Operation, caller: Caller, path: string) {
  const api = apis[caller]
  const headers = { 'x-forwarded-for': `10.7.${CALLERS.indexOf(caller)}.1` }
  if (op.key === 'POST /api/render/start' || op.key === 'POST /api/admin/styles/upload-image') {
    const f = new FormData()
    if (op.key === 'POST /api/render/start') f.append('userPrompt', 'a house')
    f.append(
      op.key.endsWith('upload-image') ? 'image' : 'sketch',
      new Blob([new Uint8Array(await sketchPng(200, 150))]),
      'a.png',
    )
    return raw(api, op.method, path, { body: f, headers })
  }
  if (op.key === 'POST /api/render/inpainting') {
    const f = new FormData()
    f.append('prompt', 'remove the sofa')
    f.append('image', new Blob([new Uint8Array(await sketchPng(200, 150))]), 'a.png')
    f.append(
      'maskData',
      new Blob([new Uint8Array(await rectMask(200, 150, { left: 9, top: 9, width: 40, height: 40 }))]),
      'm.png',
    )
    return raw(api, op.method, path, { body: f, headers })
  }
  const body = BODIES[op.key]?.(caller) ?? (op.body?.json ? exampleOf(op.body.json) : undefined)
  return raw(api, op.method, path, {
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } }),
    ...(body === undefined ? { headers } : {}),
  })
}

async function raw(
  api: Api,
  method: string,
  path: string,
  init: { body?: string | FormData; headers?: Record<string, string> },
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    redirect: 'manual',
    body: init.body,
    headers: { ...init.headers, ...(api.token ? { authorization: `Bearer ${api.token}` } : {}) },
  })
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel()
    return { status: res.status, text: '', body: null as any }
  }
  const buf = Buffer.from(await res.arrayBuffer())
  const text = buf.toString('latin1')
  let body: any = null
  try {
    body = JSON.parse(buf.toString('utf8'))
  } catch {}
  return { status: res.status, text, body }
}

beforeAll(async () => {
  server = await startTestServer({ role: 'api', env: { ADMIN_EMAILS: ADMIN, TRUST_PROXY: 'true' } })
  for (const c of CALLERS) apis[c] = new Api(server.url)
  const a = await apis.A.signUp()
  await apis.B.signUp()
  await apis.admin.signUp(ADMIN)
  mine.user = a.user.uid
  mine.email = a.email
  // A is on Pro, so A's key may be used (docs/product.md#api-keys)
  await buyOnTestCheckout(apis.A, '/api/user/subscriptions/create', { plan: 'pro', billingType: 'monthly' })
  mine.subscription = (await apis.A.get('/api/user/subscriptions')).body.subscriptions[0].id
  const key = await apis.A.post('/api/user/api-keys', {
    name: 'A’s key',
    webhookUrl: 'https://hooks.studio.test/parti',
  })
  expect(key.status, JSON.stringify(key.body)).toBe(201)
  aKey = key.body.key
  mine.key = key.body.id
  mine.webhookSecret = key.body.webhookSecret
  apis.key.token = aKey
  const revoked = await apis.A.post('/api/user/api-keys', { name: 'gone' })
  expect((await apis.A.request('DELETE', `/api/user/api-keys/${revoked.body.id}`)).status).toBe(200)
  apis.revoked.token = revoked.body.key
  // a job started with the key: it has a webhook delivery of A's (docs/product.md#api-webhooks)
  mine.generation = await render(apis.key)
  mine.conversation = (await apis.A.post('/api/conversations', { title: 'A’s plans' })).body.conversation.id
  mine.checkout = (
    await apis.A.post('/api/payments/create-a-la-carte-payment', { amount: 1, credits: 200 })
  ).body.sessionId
  mine.project = (await apis.A.post('/api/user/projects', { name: 'A’s listing' })).body.project.id
  // an inbox message and an outbox mail for the admin's calls
  const contact = await apis.visitor.post('/api/contact/messages', {
    name: 'Ana',
    email: 'ana@studio.test',
    subject: 'A demo',
    message: 'Hello there',
  })
  expect(contact.status, JSON.stringify(contact.body)).toBeLessThan(300)
  mine.inbox = (await apis.admin.get('/api/admin/inbox')).body.items[0].id
  mine.outbox = (await apis.admin.get('/api/admin/outbox')).body.items[0].id
}, 120_000)
afterAll(() => server.close())

describe('what the document does not list', () => {
  it('A’s files are A’s (and A’s key’s): everyone else gets 404, as for a missing file', async () => {
    const uploads: string[] = []
    for await (const k of server.ctx.storage.blobs.list(`users/${mine.user}/`)) uploads.push(k)
    expect(uploads.length).toBeGreaterThan(0)
    const path = `/api/files/${uploads[0]}`
    const statuses: Record<string, number> = {}
    for (const c of CALLERS) statuses[c] = (await raw(apis[c], 'GET', path, {})).status
    expect(statuses).toEqual({ visitor: 404, revoked: 404, B: 404, admin: 404, key: 200, A: 200 })
  })

  it('A’s webhook deliveries are listed to A only', async () => {
    const a = await apis.A.get('/api/user/api-keys/webhook-deliveries')
    expect(JSON.stringify(a.body)).toContain(mine.generation)
    const b = await apis.B.get('/api/user/api-keys/webhook-deliveries')
    expect(b.status).toBe(200)
    expect(JSON.stringify(b.body)).not.toContain(mine.generation)
  })
})

// last: it ends every session
describe('the access matrix', () => {
  it('every operation × visitor, A, B, admin, A’s key and a revoked key', async () => {
    const ops = await servedOperations(server.url)
    expect(ops.length).toBeGreaterThanOrEqual(85)
    // deleting the account (refused: a wrong password), then ending every session, come last
    const rank = (op: Operation) =>
      op.key === 'POST /api/account/sign-out-everywhere' ? 2 : op.key === 'DELETE /api/user' ? 1 : 0
    const ordered = [...ops].sort((x, y) => rank(x) - rank(y))
    const wrong: string[] = []
    const table: Record<string, string> = {}
    for (const op of ordered) {
      // a path naming a resource of A's (the catalogue's and the admin's are nobody's)
      const owned = op.path.includes('{') && (op.access === 'user' || op.access === 'session')
      const id = op.path.includes('{') ? await resourceOf(op.path) : ''
      const row: string[] = []
      for (const caller of CALLERS) {
        // sign-out ends the caller's session: the visitor and the revoked key only (cross-site.test.ts has the rest)
        if (op.key === 'POST /api/auth/sign-out' && caller !== 'visitor' && caller !== 'revoked') continue
        const want = EXCEPTIONS[op.key]?.[caller] ?? expected(op.access, caller, owned)
        // a call that ends the resource gets a fresh one for each caller let through before the owner
        const fresh = op.method === 'DELETE' && id && want === 'allowed' && caller !== 'A'
        const target = fresh ? await resourceOf(op.path) : id
        const path = fillPath(op.path, () => target)
        const r = await call(op, caller, path)
        const got = outcomeOf(r.status, r.body, owned)
        row.push(`${caller}:${r.status}`)
        if (got !== want)
          wrong.push(`${op.key} as ${caller}: expected ${want}, got ${r.status} ${r.text.slice(0, 120)}`)
        // nothing of A's in what B or the admin are shown (the admin's own calls list every account's mail)
        if ((caller === 'B' || (caller === 'admin' && op.access !== 'admin')) && r.status < 400) {
          for (const [what, value] of Object.entries(mine))
            if (value && r.text.includes(value)) wrong.push(`${op.key} as ${caller} shows A's ${what}`)
        }
      }
      table[op.key] = row.join(' ')
    }
    console.info(
      Object.entries(table)
        .map(([k, v]) => `${k.padEnd(52)} ${v}`)
        .join('\n'),
    )
    expect(wrong).toEqual([])
  }, 300_000)
})
