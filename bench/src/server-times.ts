import type { IncomingMessage, Server, ServerResponse } from 'node:http'

/**
 * Server time per request id: from the HTTP server's 'request' event (headers parsed) to the response's
 * 'finish' (the last byte handed to the socket), which is what Fastify's own responseTime covers; read from the
 * server object, so it works whatever a route's log level.
 */
export function serverTimes(server: Server) {
  const times = new Map<string, number>()
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const id = req.headers['x-request-id']
    if (typeof id !== 'string') return
    const started = performance.now()
    res.once('finish', () => times.set(id, performance.now() - started))
  })
  return times
}
