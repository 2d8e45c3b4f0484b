// The baseline for API throughput: a bare Fastify JSON route on the same machine, same Node, same logger off.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/bare', async () => ({ success: true }))
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' })
const address = app.server.address()
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
)
process.on('SIGTERM', () => app.close().then(() => process.exit(0)))
