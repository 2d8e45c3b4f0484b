import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { buildApp } from './app.ts'
import { createSignInClients } from './auth/oidc/clients.ts'
import { loadConfig } from './config.ts'
import type { AppContext } from './context.ts'
import type { ApiServices } from './http/types.ts'
import { createPayments } from './payments/index.ts'
import { apiRoutes } from './runtime.ts'

/** A stand-in for a service the routes only call while answering: registering them never touches it. */
const unused = <T>(name: string): T =>
  new Proxy({} as object, {
    get: (_t, prop) => {
      if (prop === 'then') return undefined
      throw new Error(`the OpenAPI export does not use ${name} (${String(prop)})`)
    },
  }) as T

/**
 * The OpenAPI document exactly as an API process with this environment serves it at /api/docs/json, built
 * from the same app and route modules without a database or a listening socket (docs/decisions/0076-openapi-
 * complete-by-construction.md). An API test checks it against the served one.
 */
export async function openApiDocument(env: Record<string, string | undefined> = {}): Promise<unknown> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parti-openapi-'))
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env })
    const log = pino({ level: 'silent' })
    // routes keep the database handle to query it when answering: only its property is read at registration
    const database = { db: unused('the database') } as AppContext['database']
    const ctx: AppContext = {
      config,
      database,
      storage: unused('the blob store'),
      log,
      auth: unused('the auth settings'),
    }
    const services: ApiServices = {
      generations: unused('the generation service'),
      engines: unused('the engines'),
      payments: createPayments(ctx),
      hub: unused('the event hub'),
      account: unused('the account services'),
      signIn: createSignInClients(config),
    }
    const app = await buildApp(ctx, { services, extraRoutes: apiRoutes(services.engines) })
    await app.ready()
    const doc = app.swagger()
    await app.close()
    return doc
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
