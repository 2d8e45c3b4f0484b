// An API process on a fresh PGlite folder that runs no jobs, with one signed-up user: what the export
// benchmarks (the account's and the MLS board's) serve their zips from.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createContext } from '@parti/server/src/bootstrap.ts'
import { loadConfig } from '@parti/server/src/config.ts'
import { doesEverything } from '@parti/server/src/engines/capabilities.ts'
import { singleEngineRouter } from '@parti/server/src/engines/router.ts'
import type { Engine } from '@parti/server/src/engines/types.ts'
import { startRuntime } from '@parti/server/src/runtime.ts'
import pino from 'pino'

export async function idleApiServer(name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `parti-bench-${name}-`))
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' })
  const ctx = await createContext(config, pino({ level: 'silent' }))
  const idle: Engine = {
    id: 'local',
    supports: () => true,
    capabilities: doesEverything,
    modelFor: () => 'none',
    run: () => Promise.reject(new Error(`the ${name} benchmark runs no jobs`)),
  }
  const runtime = await startRuntime(ctx, {
    role: 'api',
    engines: singleEngineRouter(idle),
    port: 0,
    host: '127.0.0.1',
  })
  const address = runtime.app!.server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  const signUp = await fetch(`${url}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${name}-${Date.now()}@parti.test`, password: 'benchmark-pw' }),
  })
  const { token, user } = (await signUp.json()) as { token: string; user: { uid: string } }
  return { dataDir, ctx, runtime, url, token, userId: user.uid }
}
