import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roomJpeg, sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { waitForJobs } from './helpers/jobs.ts'
import { startTestS3, type TestS3 } from './helpers/s3.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// BLOB_STORE=s3 end to end (docs/decisions/0082-s3-blob-store.md): the same requests as on the local folder,
// with every file in the bucket and none on disk, served through /api/files with the same access rules.
let s3: TestS3
let server: TestServer
let bucket: S3Client
let api: Api

const keysUnder = async (prefix: string) => {
  const r = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))
  return (r.Contents ?? []).map((o) => o.Key!).sort()
}
const objectBytes = async (key: string) => {
  const r = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))
  return Buffer.from(await r.Body!.transformToByteArray())
}

beforeAll(async () => {
  s3 = await startTestS3()
  server = await startTestServer({ env: { ...s3.env, FREE_CREDITS: '2000' } })
  bucket = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  api = new Api(server.url)
  await api.signUp()
})
afterAll(async () => {
  bucket?.destroy()
  await server?.close()
  await s3?.close()
})

describe('files in an S3 bucket', () => {
  it('a render stores its upload and results in the bucket and serves them to the owner only', async () => {
    const sketch = await sketchPng()
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a house on a hill' }, { sketch }),
    )
    expect(r.status).toBe(202)
    const [g] = await waitForJobs(api, [r.body.generation.id])
    expect(g!.status).toBe('completed')
    const userId = String(g!.outputImageUrl).split('/')[4]!
    const keys = await keysUnder(`users/${userId}/`)
    // the sketch as uploaded, the result and its thumbnail
    expect(keys.some((k) => k.startsWith(`users/${userId}/uploads/`))).toBe(true)
    const upload = keys.find((k) => k.startsWith(`users/${userId}/uploads/`))!
    expect((await objectBytes(upload)).equals(sketch)).toBe(true)
    const outputKey = String(g!.outputImageUrl).replace('/api/files/', '')
    expect(keys).toContain(outputKey)
    expect(keys).toContain(String(g!.thumbnailUrl).replace('/api/files/', ''))
    expect(existsSync(join(server.dataDir, 'files'))).toBe(false)

    const own = await fetch(`${server.url}${g!.outputImageUrl}`, {
      headers: { authorization: `Bearer ${api.token}` },
    })
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toMatch(/^image\//)
    const served = Buffer.from(await own.arrayBuffer())
    expect(served.equals(await objectBytes(outputKey))).toBe(true)
    expect(Number(own.headers.get('content-length'))).toBe(served.length)

    // someone else: 404, as on the local folder; a signed link: served without a session
    const other = new Api(server.url)
    await other.signUp()
    const theirs = await fetch(`${server.url}${g!.outputImageUrl}`, {
      headers: { authorization: `Bearer ${other.token}` },
    })
    expect(theirs.status).toBe(404)
    const signed = await fetch(`${server.url}${server.ctx.storage.signedUrlFor(outputKey)}`)
    expect(signed.status).toBe(200)
    expect(Buffer.from(await signed.arrayBuffer()).equals(served)).toBe(true)
    expect((await fetch(`${server.url}/api/files/users/${userId}/missing.png?exp=1&sig=x`)).status).toBe(404)

    // HEAD requests and downloads abandoned half-way give their bucket connection back (the SDK keeps 50)
    const url = `${server.url}${g!.outputImageUrl}`
    const auth = { authorization: `Bearer ${api.token}` }
    for (let i = 0; i < 60; i++) {
      const head = await fetch(url, { method: 'HEAD', headers: auth })
      expect(head.status).toBe(200)
      expect(Number(head.headers.get('content-length'))).toBe(served.length)
    }
    for (let i = 0; i < 60; i++) {
      const controller = new AbortController()
      const res = await fetch(url, { headers: auth, signal: controller.signal })
      controller.abort()
      await res.body?.cancel().catch(() => {})
    }
    const after = await fetch(url, { headers: auth, signal: AbortSignal.timeout(5_000) })
    expect(Buffer.from(await after.arrayBuffer()).equals(served)).toBe(true)
  })

  it('a video streams from the bucket in byte ranges, for seeking', async () => {
    const video = await api.postForm(
      '/api/render/animate',
      form(
        { description: 'slow push in', duration: '6', cameraMovement: 'zoom_in' },
        { image: await roomJpeg() },
      ),
    )
    expect(video.status).toBe(202)
    const [v] = await waitForJobs(api, [video.body.generation.id], 90_000)
    expect(v!.status).toBe('completed')
    const key = String(v!.outputVideoUrl).replace('/api/files/', '')
    const whole = await objectBytes(key)
    const auth = { authorization: `Bearer ${api.token}` }
    const head = await fetch(`${server.url}${v!.outputVideoUrl}`, {
      headers: { ...auth, range: 'bytes=0-99' },
    })
    expect(head.status).toBe(206)
    expect(head.headers.get('content-type')).toBe('video/mp4')
    expect(head.headers.get('content-range')).toBe(`bytes 0-99/${whole.length}`)
    expect(Buffer.from(await head.arrayBuffer()).equals(whole.subarray(0, 100))).toBe(true)
    const tail = await fetch(`${server.url}${v!.outputVideoUrl}`, {
      headers: { ...auth, range: 'bytes=-500' },
    })
    expect(tail.status).toBe(206)
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(whole.length - 500))).toBe(true)
    const beyond = await fetch(`${server.url}${v!.outputVideoUrl}`, {
      headers: { ...auth, range: `bytes=${whole.length}-` },
    })
    expect(beyond.status).toBe(416)
    expect(((await beyond.json()) as { error: { code: string } }).error.code).toBe('validation_failed')
  })

  it("deleting the account empties the user's folder in the bucket, and only theirs", async () => {
    const a = new Api(server.url)
    const { password } = await a.signUp()
    const r = await a.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a barn' }, { sketch: await sketchPng() }),
    )
    const [g] = await waitForJobs(a, [r.body.generation.id])
    const userId = String(g!.outputImageUrl).split('/')[4]!
    expect((await keysUnder(`users/${userId}/`)).length).toBeGreaterThanOrEqual(3)
    const othersBefore = (await keysUnder('users/')).filter((k) => !k.startsWith(`users/${userId}/`))
    expect(othersBefore.length).toBeGreaterThan(0)

    const del = await a.request('DELETE', '/api/user', { json: { password } })
    expect(del.status).toBe(200)
    expect(await keysUnder(`users/${userId}/`)).toEqual([])
    expect((await keysUnder('users/')).filter((k) => !k.startsWith(`users/${userId}/`))).toEqual(othersBefore)
  })
})
