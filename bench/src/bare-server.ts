// The baseline for API throughput: a bare Fastify JSON route on the same machine and Node, logger off.
// `/bare` answers a tiny object; `/bare-same` answers the exact JSON body the bench sets with PUT /body, so the
// comparison with our route measures our work (auth, validation, cache) and not the size of the answer.
import Fastify from 'fastify'

let body = '{"generations":[]}'
const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 })
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => done(null, text))
app.get('/bare', async () => ({ success: true }))
app.get('/bare-same', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body))
app.put('/body', async (req) => {
  body = req.body as string
  return { length: body.length }
})
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' })
const address = app.server.address()
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
)
process.on('SIGTERM', () => app.close().then(() => process.exit(0)))
