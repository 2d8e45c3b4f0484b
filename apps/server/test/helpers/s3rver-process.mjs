// s3rver in a process of its own, started by helpers/s3.ts. Its continuation tokens use DES, which Node's
// OpenSSL 3 offers only with --openssl-legacy-provider: a flag for this child, never for Parti's process.
import S3rver from 's3rver'

const [directory, bucket, port = '0'] = process.argv.slice(2)
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: process.env.S3RVER_LOG !== '1',
  directory,
  configureBuckets: [{ name: bucket }],
})
const address = await server.run()
process.send?.({ port: address.port })
process.on('disconnect', () => server.close().then(() => process.exit(0)))
