import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { estimatesFrom } from '../src/domain/estimates.ts'
import { sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

let server: TestServer
let api: Api

beforeAll(async () => {
  server = await startTestServer()
  api = new Api(server.url)
  await api.signUp()
})
afterAll(() => server.close())

describe('time estimates (median of the last completed jobs of the same kind and engine)', () => {
  it('has nothing before there is history, then the median wait of completed jobs', async () => {
    const before = await api.get('/api/user/estimates')
    expect(before.status).toBe(200)
    expect(before.body).toEqual({ estimates: [] })

    const sketch = await sketchPng()
    const ids: string[] = []
    for (let i = 0; i < 2; i++) {
      const r = await api.postForm(
        '/api/render/start',
        form({ generationType: 'sketch-render', userPrompt: 'a house' }, { sketch }),
      )
      expect(r.status).toBe(202)
      ids.push(r.body.generation.id)
    }
    const done = await waitForJobs(api, ids)

    const after = await api.get('/api/user/estimates')
    expect(after.body.estimates).toHaveLength(1)
    const [e] = after.body.estimates
    expect(e).toMatchObject({ mode: 'sketch', engine: 'local', samples: 2 })
    const waits = done.map((g) => Date.parse(g.completedAt as string) - Date.parse(g.createdAt as string))
    expect(e.medianMs).toBe(Math.round((waits[0]! + waits[1]!) / 2))
  })

  it('answers 401 when signed out', async () => {
    expect((await api.get('/api/user/estimates', null)).status).toBe(401)
  })

  it('takes the median per kind and engine over the newest twenty, skipping unfinished rows', () => {
    const at = (s: number) => new Date(1_700_000_000_000 + s * 1000)
    const row = (mode: string, engine: string | null, wait: number | null) => ({
      mode,
      engine,
      createdAt: at(0),
      completedAt: wait === null ? null : at(wait),
    })
    const rows = [
      row('animate', 'local', 3),
      row('animate', 'local', 5),
      row('animate', 'local', 4),
      row('animate', 'replicate', 90),
      row('sketch', null, 1),
      row('sketch', 'local', null),
      ...Array.from({ length: 25 }, (_, i) => row('staging', 'local', i < 20 ? 2 : 100)),
    ]
    expect(estimatesFrom(rows)).toEqual([
      { mode: 'animate', engine: 'local', medianMs: 4000, samples: 3 },
      { mode: 'animate', engine: 'replicate', medianMs: 90000, samples: 1 },
      { mode: 'staging', engine: 'local', medianMs: 2000, samples: 20 },
    ])
  })
})
