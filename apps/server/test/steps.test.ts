import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { doesEverything } from '../src/engines/capabilities.ts'
import { singleEngineRouter } from '../src/engines/router.ts'
import { type Engine, EngineError, type EngineTask } from '../src/engines/types.ts'
import { roomJpeg } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { balance, ledgerSum, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

/** An engine whose answer per step the test scripts: a grey image named by the step, or an error. */
function scriptedEngine(script: (task: EngineTask, run: number) => EngineError | null) {
  const runs: string[] = []
  const engine: Engine = {
    id: 'local',
    supports: () => true,
    capabilities: doesEverything,
    modelFor: (kind) => `scripted-${kind}`,
    async run(task) {
      runs.push(task.kind)
      const failure = script(task, runs.filter((k) => k === task.kind).length)
      if (failure) throw failure
      const data = await sharp(task.input).resize(96, 64).png().toBuffer()
      return {
        outputs: [{ kind: 'image', data, contentType: 'image/png', width: 96, height: 64 }],
        facts: {
          engine: 'local',
          model: `scripted-${task.kind}`,
          notes: [{ id: 'no_wall_found', params: { step: task.kind } }],
        },
      }
    },
  }
  return { engine, runs }
}

async function stage(api: Api) {
  const r = await api.postForm(
    '/api/render/start',
    form({ generationType: 'home-staging', stagingStyle: 'modern' }, { image: await roomJpeg() }),
  )
  expect(r.status).toBe(202)
  return r.body.generation.id as string
}

let server: TestServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

describe('a kind of several steps (home staging: clean, then stage)', () => {
  it('keeps the cleaned room and gives back the staging credits when staging fails for good', async () => {
    const { engine, runs } = scriptedEngine((task) =>
      task.kind === 'staging-stage' ? new EngineError('provider_failed', { id: 'refused' }) : null,
    )
    server = await startTestServer({ engines: singleEngineRouter(engine) })
    const api = new Api(server.url)
    await api.signUp()
    const [g] = await waitForJobs(api, [await stage(api)])
    expect(runs).toEqual(['staging-clean', 'staging-stage'])
    expect(g).toMatchObject({ status: 'completed', model: 'scripted-staging-clean' })
    const meta = g!.metadata as any
    expect(meta.phases).toEqual({ cleaning: 'completed', staging: 'failed' })
    // why, in English for API users and as the reason id the screens translate
    expect(meta.note).toMatch(/^Sorry, I couldn't process your request/)
    expect(meta.failure).toEqual([{ id: 'refused' }])
    // what was delivered is the cleaned room, and it says what the cleaning did
    expect(g!.outputImageUrl).toBe(meta.cleanedImageUrl)
    expect(meta.notes).toEqual([{ id: 'no_wall_found', params: { step: 'staging-clean' } }])
    expect(await balance(api)).toBe(200 - 40 + 20)
    expect(await ledgerSum(api)).toBe(await balance(api))
    // docs/product.md#credit-holds: the cleaning is captured, the staging phase released
    expect(g).toMatchObject({ charge: 'partly_charged', creditsCharged: 20 })
    const tx = (await api.get('/api/user/credits/transactions')).body.transactions
    expect(
      tx.filter((t: any) => t.generationId === g!.id).map((t: any) => [t.kind, t.amount, t.held]),
    ).toEqual([
      ['release', 20, -20],
      ['capture', 0, -20],
      ['hold', -40, 40],
    ])
  })

  it('a retry after a passing failure resumes from the cleaned room instead of cleaning again', async () => {
    const { engine, runs } = scriptedEngine((task, run) =>
      task.kind === 'staging-stage' && run === 1 ? new EngineError('transient', 'Busy, try again') : null,
    )
    server = await startTestServer({ engines: singleEngineRouter(engine) })
    const api = new Api(server.url)
    await api.signUp()
    const [g] = await waitForJobs(api, [await stage(api)])
    expect(runs).toEqual(['staging-clean', 'staging-stage', 'staging-stage'])
    expect(g).toMatchObject({ status: 'completed', model: 'scripted-staging-stage' })
    const meta = g!.metadata as any
    expect(meta.phases).toEqual({ cleaning: 'completed', staging: 'completed' })
    expect(meta.cleanedImageUrl).not.toBe(g!.outputImageUrl)
    expect(await balance(api)).toBe(200 - 40)
  })

  it('fails and refunds in full when the first step fails for good', async () => {
    const { engine, runs } = scriptedEngine(() => new EngineError('invalid_input', 'The photo is blank'))
    server = await startTestServer({ engines: singleEngineRouter(engine) })
    const api = new Api(server.url)
    await api.signUp()
    const [g] = await waitForJobs(api, [await stage(api)])
    expect(runs).toEqual(['staging-clean'])
    expect(g).toMatchObject({ status: 'failed', error: 'The photo is blank' })
    expect(await balance(api)).toBe(200)
  })
})
