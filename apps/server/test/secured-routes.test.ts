import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiKey } from '../src/auth/api-keys.ts'
import { sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { buyOnTestCheckout } from './helpers/payments.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Every operation the served OpenAPI document marks as secured is called without credentials (401) and, where
// its path names a resource, with another user's credentials on a real resource of the first user (403 or 404,
// never a success). A route added to an authenticated scope is swept without being listed here; one whose
// path parameter this file cannot fill fails until a resource for it is added below.

/** The operations documented as secured when the authenticated scope came in: 36 then, plus the event stream
 * and the three render calls, which needed a session all along without saying so. Fewer means a secured route
 * lost its scope. */
const AT_LEAST = 40

let server: TestServer
let owner: Api
let other: Api
const ids: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  owner = new Api(server.url)
  const { user } = await owner.signUp()
  ids.apiKey = (await createApiKey(server.ctx.database.db, user.uid, 'owner key')).id
  other = new Api(server.url)
  await other.signUp()

  const render = await owner.postForm(
    '/api/render/start',
    form({ generationType: 'sketch-render', userPrompt: 'a house' }, { sketch: await sketchPng(200, 150) }),
  )
  expect(render.status).toBe(202)
  ids.generation = render.body.generation.id
  const conversation = await owner.post('/api/conversations', { title: 'mine' })
  expect(conversation.status).toBe(201)
  ids.conversation = conversation.body.conversation.id
  const project = await owner.post('/api/user/projects', { name: 'mine' })
  expect(project.status).toBe(201)
  ids.project = project.body.project.id
  const checkout = await owner.post('/api/payments/create-a-la-carte-payment', { amount: 1, credits: 200 })
  expect(checkout.status).toBe(200)
  ids.checkout = checkout.body.sessionId
  await buyOnTestCheckout(owner, '/api/user/subscriptions/create', { plan: 'lite', billingType: 'monthly' })
  const [subscription] = (await owner.get('/api/user/subscriptions')).body.subscriptions
  ids.subscription = subscription.id
})
afterAll(() => server.close())

/** A real resource of the first user for a path with a parameter (admin paths: any existing one). */
function resourceFor(path: string): string {
  const table: Array<[RegExp, string]> = [
    [/^\/api\/user\/generations\/\{id\}/, ids.generation!],
    [/^\/api\/user\/api-keys\/\{id\}/, ids.apiKey!],
    [/^\/api\/conversations\/\{id\}/, ids.conversation!],
    [/^\/api\/user\/projects\/\{id\}/, ids.project!],
    [/^\/api\/admin\/mls-boards\/\{id\}/, 'rmls'],
    [/^\/api\/payments\/checkout-session\/\{id\}/, ids.checkout!],
    [/^\/api\/user\/subscriptions\/\{id\}/, ids.subscription!],
    [/^\/api\/admin\/styles\/\{id\}/, 'marker-presentation'],
    [/^\/api\/admin\/plans\/\{id\}/, 'pro'],
    // any message id: an admin path answers 401 or 403 before it looks
    [/^\/api\/admin\/outbox\/\{id\}/, '01900000-0000-7000-8000-000000000000'],
    [/^\/api\/admin\/inbox\/\{id\}/, '01900000-0000-7000-8000-000000000000'],
  ]
  const found = table.find(([re]) => re.test(path))
  if (!found) throw new Error(`no resource of the first user to fill ${path}: add one to this test`)
  return found[1]
}

/** Bodies that pass validation, so another user's call reaches the ownership check rather than a 400. */
const BODIES: Record<string, unknown> = {
  'PATCH /api/user/generations/{id}/favorite': { favorite: true },
  'PATCH /api/user/api-keys/{id}': { webhookUrl: null },
  'PUT /api/user/projects/{id}': { name: 'theirs' },
  'PUT /api/user/projects/{id}/published': { published: true },
  'POST /api/user/generations/{id}/branded': { target: 'social' },
  'POST /api/user/projects/{id}/batch/quote': {
    photos: [{ generationId: '01900000-0000-7000-8000-000000000000' }],
    steps: [{ kind: 'staging' }],
  },
  'POST /api/user/projects/{id}/batch': {
    photos: [{ generationId: '01900000-0000-7000-8000-000000000000' }],
    steps: [{ kind: 'staging' }],
  },
  'PUT /api/user/generations/{id}/project': { projectId: null },
  'POST /api/user/generations/{id}/copy': { projectId: '01900000-0000-7000-8000-000000000000' },
  'POST /api/user/generations/{id}/run-again': {},
  'POST /api/admin/inbox/{id}/handled': { handled: true },
  'POST /api/admin/inbox/{id}/reply': { text: 'Hello' },
}

describe('every secured route refuses a visitor and another user', () => {
  it('walks the served OpenAPI document', async () => {
    const doc = (await owner.get('/api/docs/json')).body as {
      paths: Record<string, Record<string, { security?: unknown[] }>>
    }
    const secured = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => Array.isArray(op.security) && op.security.length > 0)
        .map(([method, op]) => ({ path, method: method.toUpperCase(), security: op.security as unknown[] })),
    )
    expect(secured.length).toBeGreaterThanOrEqual(AT_LEAST)

    let withIds = 0
    for (const op of secured) {
      // the roles an operation names (admin, session) are the access matrix's business (access-matrix.test.ts)
      expect(
        op.security?.map((r) => Object.keys(r as object)),
        `${op.method} ${op.path}`,
      ).toEqual([['bearer'], ['cookie']])
      const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
      const path = params.length ? op.path.replace(/\{\w+\}/g, resourceFor(op.path)) : op.path
      const key = `${op.method} ${op.path}`

      const visitor = await owner.request(op.method, path, { token: null })
      expect(visitor.status, `${key} without credentials`).toBe(401)
      expect(visitor.body?.error?.code, `${key} without credentials`).toBe('unauthorized')

      if (!params.length) continue
      withIds++
      const json = BODIES[key]
      const stranger = await other.request(op.method, path, json === undefined ? {} : { json })
      expect([403, 404], `${key} as another user answered ${stranger.status}`).toContain(stranger.status)
      // the id was the first user's own: they are let through (admin paths are for admins only)
      if (op.method === 'GET' && !op.path.startsWith('/api/admin/')) {
        expect((await owner.get(path)).status, `${key} as its owner`).toBe(200)
      }
    }
    // generations (3), conversations (3), a checkout, subscriptions (2), admin styles (2) and plans (1)
    expect(withIds).toBeGreaterThanOrEqual(12)
  })
})
