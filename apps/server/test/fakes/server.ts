import Fastify, { type FastifyInstance } from 'fastify'

export interface RecordedRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: unknown
}

export interface FakeServer {
  app: FastifyInstance
  /** http://127.0.0.1:<port> */
  origin: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

/**
 * A small real HTTP server on 127.0.0.1 for a provider's fake: routes are added by the caller before it
 * listens; every request is recorded (method, path, headers, parsed body) for the tests to inspect.
 */
export async function startFakeServer(
  routes: (app: FastifyInstance, fake: Omit<FakeServer, 'close'>) => void | Promise<void>,
  options: { bodyLimit?: number; port?: number } = {},
): Promise<FakeServer> {
  const app = Fastify({
    logger: false,
    bodyLimit: options.bodyLimit ?? 50 * 1024 * 1024,
    forceCloseConnections: true,
  })
  const requests: RecordedRequest[] = []
  app.addHook('preHandler', async (req) => {
    requests.push({ method: req.method, path: req.url, headers: req.headers, body: req.body })
  })
  const fake = { app, origin: '', requests }
  await routes(app, fake)
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' })
  const address = app.server.address()
  fake.origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return { ...fake, close: () => app.close() }
}

/** Pops the next scripted status for a route ('ok' or nothing means answer normally). */
export function nextScripted(queue: Array<number | 'ok'>): number | null {
  const next = queue.shift()
  return next === undefined || next === 'ok' ? null : next
}
