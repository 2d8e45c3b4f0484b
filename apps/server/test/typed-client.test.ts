import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import createClient from 'openapi-fetch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildExamples } from '../../web/src/features/developers/examples.ts'
import { sketchPng } from './fixtures/images.ts'
import type { paths } from './generated/openapi.ts'
import { freePort } from './helpers/browser.ts'
import { Api } from './helpers/client.ts'
import { typesOf } from './helpers/openapi-types.ts'
import { buyOnTestCheckout } from './helpers/payments.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// A client generated from the OpenAPI document (openapi-typescript types, openapi-fetch) compiles against the
// committed types and works against the running server with a personal API key; the API page's curl examples,
// built from the served document, run with the real curl binary (docs/product.md#api-page,
// docs/decisions/0076-openapi-complete-by-construction.md).

const run = promisify(execFile)
let server: TestServer
let key: string
let doc: any

beforeAll(async () => {
  // a reachable PUBLIC_URL: the document's server address is what the examples call
  const port = await freePort()
  server = await startTestServer({
    env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, FREE_CREDITS: '1000' },
  })
  const session = new Api(server.url)
  await session.signUp()
  await buyOnTestCheckout(session, '/api/user/subscriptions/create', { plan: 'pro', billingType: 'monthly' })
  key = (await session.post('/api/user/api-keys', { name: 'typed client' })).body.key
  doc = (await session.get('/api/docs/json')).body
})
afterAll(() => server.close())

describe('the typed client', () => {
  it('its committed types are those of the served document (`npm run openapi` regenerates them)', async () => {
    const committed = readFileSync(new URL('./generated/openapi.ts', import.meta.url), 'utf8')
    expect(await typesOf(doc)).toBe(committed)
  })

  it('starts a render with an API key, polls its status until it ends, and finds it in the list', async () => {
    const client = createClient<paths>({ baseUrl: server.url, headers: { authorization: `Bearer ${key}` } })
    const sketch = await sketchPng(200, 150)
    const started = await client.POST('/api/render/start', {
      body: { generationType: 'sketch-render', userPrompt: 'a timber house by a lake' },
      bodySerializer: (fields) => {
        const form = new FormData()
        for (const [name, value] of Object.entries(fields)) form.append(name, String(value))
        form.append('sketch', new Blob([new Uint8Array(sketch)], { type: 'image/png' }), 'sketch.png')
        return form
      },
    })
    expect(started.response.status).toBe(202)
    const generation = started.data && 'generation' in started.data ? started.data.generation : null
    expect(generation?.status).toBe('pending')
    const id = generation!.id

    let status = ''
    const deadline = Date.now() + 45_000
    while (status !== 'completed' && status !== 'failed' && Date.now() < deadline) {
      const polled = await client.GET('/api/user/generations/status', { params: { query: { ids: id } } })
      expect(polled.response.status).toBe(200)
      status = polled.data!.generations[0]!.status
      if (status !== 'completed') await new Promise((r) => setTimeout(r, 150))
    }
    expect(status).toBe('completed')

    const listed = await client.GET('/api/user/generations', { params: { query: { limit: 10 } } })
    expect(listed.data!.generations.map((g) => g.id)).toContain(id)
  })

  it('reads failures in the one error shape, typed', async () => {
    const client = createClient<paths>({ baseUrl: server.url, headers: { authorization: 'Bearer pk_nope' } })
    const r = await client.GET('/api/user/generations/status', { params: { query: { ids: 'x' } } })
    expect(r.response.status).toBe(401)
    expect(r.error?.error.code).toBe('unauthorized')
  })
})

describe('the API page’s curl examples', () => {
  it('start a render and read its status when pasted into a shell', async () => {
    const examples = buildExamples(doc, 'http://unused', key)!
    expect(examples.base).toBe(server.ctx.config.publicUrl)
    const dir = mkdtempSync(join(tmpdir(), 'parti-curl-'))
    try {
      writeFileSync(join(dir, 'sketch.png'), await sketchPng(200, 150))
      const shell = async (script: string) =>
        JSON.parse((await run('sh', ['-c', script], { cwd: dir })).stdout)
      const started = await shell(`${examples.curl.render} --silent --fail-with-body`)
      const id = started.generation.id as string
      expect(started.generation.status).toBe('pending')
      const status = await shell(
        `${examples.curl.status.replace('GENERATION_ID', id)} --silent --fail-with-body`,
      )
      expect(status.generations[0].id).toBe(id)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
