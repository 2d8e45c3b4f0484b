import { execFile } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeFal, startFakeFal } from '../fakes/fal.ts'
import { type FakeGemini, startFakeGemini } from '../fakes/gemini.ts'
import { Api } from '../helpers/client.ts'
import { balance } from '../helpers/jobs.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

// The operators' live check (docs/hosted-engines.md#live-check), from the admin page's call and from
// `npm run engines:check`, against the providers' fakes configured as the other engine tests configure them.
const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..')
let fal: FakeFal
let gemini: FakeGemini
let server: TestServer
let admin: Api
let member: Api
const engineEnv = () => ({
  ENGINE_SKETCH_RENDER: 'fal',
  FAL_KEY: fal.key,
  FAL_BASE_URL: fal.url,
  FAL_REST_URL: fal.url,
  ENGINE_CHAT_EDIT: 'gemini',
  GEMINI_API_KEY: gemini.apiKey,
  GEMINI_BASE_URL: gemini.url,
  ENGINE_POLL_INTERVAL_MS: '50',
})

beforeAll(async () => {
  ;[fal, gemini] = await Promise.all([startFakeFal(), startFakeGemini()])
  server = await startTestServer({
    env: { ADMIN_EMAILS: 'ops@parti.test', FREE_CREDITS: '500', ...engineEnv() },
  })
  admin = new Api(server.url)
  await admin.signUp('ops@parti.test')
  member = new Api(server.url)
  await member.signUp()
})
afterAll(async () => {
  await server?.close()
  await Promise.all([fal?.close(), gemini?.close()])
})
beforeEach(() => {
  fal.reset()
  gemini.reset()
})

describe('the live check of the hosted engines', () => {
  it('from the admin page: one tiny real job per hosted step, its time and credits, nothing stored or charged', async () => {
    const before = await balance(admin)
    const r = await admin.post('/api/admin/engines/check')
    expect(r.status).toBe(200)
    expect(r.body.rows).toEqual([
      {
        step: 'sketch',
        engine: 'fal',
        model: 'fal-ai/flux-lora-canny',
        ok: true,
        seconds: expect.any(Number),
        credits: 20,
        error: null,
      },
      {
        step: 'magic-edit',
        engine: 'gemini',
        model: 'gemini-2.5-flash-image',
        ok: true,
        seconds: expect.any(Number),
        credits: 20,
        error: null,
      },
    ])
    expect(r.body.rows[0].seconds).toBeGreaterThan(0)
    // the providers got exactly one job each: the sketch at fal, the edit at Gemini
    expect(fal.requests.filter((q) => q.method === 'POST').map((q) => q.path)).toEqual([
      '/fal-ai/flux-lora-canny',
    ])
    expect(gemini.calls).toHaveLength(1)
    // and Parti changed nothing: no credits taken, no generation in anyone's gallery
    expect(await balance(admin)).toBe(before)
    expect((await admin.get('/api/user/generations')).body.generations).toEqual([])
  })

  it("reports a provider's failure in its row, with the step's failure text", async () => {
    fal.behaviour.outcome = 'fail'
    const r = await admin.post('/api/admin/engines/check')
    expect(r.body.rows[0]).toMatchObject({ step: 'sketch', ok: false, error: 'Failed to render sketch' })
    expect(r.body.rows[1]).toMatchObject({ step: 'magic-edit', ok: true })
  })

  it('is for admins only', async () => {
    expect((await member.post('/api/admin/engines/check')).status).toBe(403)
    expect(fal.requests).toHaveLength(0)
  })

  it('npm run engines:check prints the same table, exit 0 when every step answered and 1 when one failed', async () => {
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/engines-check.ts'], {
        cwd: SERVER_DIR,
        env: { ...process.env, ...env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
        timeout: 60_000,
      }).then(
        (r) => ({ code: 0, stdout: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
      )
    const ok = await run(engineEnv())
    expect(ok.code).toBe(0)
    expect(ok.stdout).toMatch(/^step\s+engine\s+model\s+result\s+seconds\s+credits/m)
    expect(ok.stdout).toMatch(/^sketch\s+fal\s+fal-ai\/flux-lora-canny\s+ok\s+\d+\.\d\s+20/m)
    expect(ok.stdout).toMatch(/^magic-edit\s+gemini\s+gemini-2\.5-flash-image\s+ok\s+\d+\.\d\s+20/m)
    fal.behaviour.outcome = 'fail'
    const failed = await run(engineEnv())
    expect(failed.code).toBe(1)
    expect(failed.stdout).toMatch(/^sketch\s+fal\s+\S+\s+failed: Failed to render sketch/m)
  })
})
