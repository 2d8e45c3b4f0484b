import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generations } from '../src/db/schema.ts'
import { readAsset, signAsset } from '../src/provenance/c2pa.ts'
import { loadSigningCredentials } from '../src/provenance/credentials.ts'
import { LABEL, SOURCE_TYPE } from '../src/provenance/manifest.ts'
import { provenanceFor } from '../src/provenance/service.ts'
import { Api, form } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'
import { unzip } from './helpers/zip.ts'

// Content Credentials on every file that leaves Parti and the public check of them
// (docs/decisions/0113-c2pa-signing-at-download.md). Results are written straight into the table over real
// files: what is under test is signing at the exit and reading back with the C2PA SDK, not the engines.
let server: TestServer
let a: Api
let aId: string

async function picture(seed: number, format: 'jpeg' | 'png' = 'jpeg', w = 320, h = 240) {
  const raw = Buffer.alloc(w * h * 3)
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7 + seed * 31 + ((i / w) | 0)) % 256
  const img = sharp(raw, { raw: { width: w, height: h, channels: 3 } })
  return format === 'jpeg' ? img.jpeg({ quality: 90 }).toBuffer() : img.png().toBuffer()
}

async function result(options: {
  mode: string
  output: Buffer
  file: string
  contentType: string
  source?: Buffer
  video?: boolean
  metadata?: Record<string, unknown>
}) {
  const id = randomUUID()
  const sourceKey = `users/${aId}/uploads/${id}.jpg`
  const key = `users/${aId}/${id}/${options.file}`
  if (options.source) await server.ctx.storage.blobs.put(sourceKey, options.source, 'image/jpeg')
  await server.ctx.storage.blobs.put(key, options.output, options.contentType)
  await server.ctx.database.db.insert(generations).values({
    id,
    userId: aId,
    type: options.video ? 'video' : 'image',
    generationType: options.mode === 'staging' ? 'home-staging' : options.video ? 'video' : 'sketch-render',
    mode: options.mode,
    status: 'completed',
    creditsCost: 10,
    engine: 'replicate',
    model: 'black-forest-labs/flux-kontext-pro',
    payload: { v: 1, task: { style: { name: 'Scandinavian' } } },
    recipe: {
      engine: 'replicate',
      model: 'black-forest-labs/flux-kontext-pro',
      steps: [{ step: 'staging-stage', engine: 'replicate', model: 'black-forest-labs/flux-kontext-pro' }],
    },
    inputKeys: options.source ? [sourceKey] : [],
    ...(options.video ? { outputVideoKey: key } : { outputImageKey: key }),
    metadata: options.metadata ?? {},
    completedAt: new Date(),
  })
  return { id, key, sourceKey }
}

async function download(key: string, api = a) {
  const res = await fetch(`${server.url}/api/files/${key}?download=result`, {
    headers: { authorization: `Bearer ${api.token}` },
  })
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: Buffer.from(await res.arrayBuffer()),
  }
}

/** Each check from an address of its own (TRUST_PROXY): the route's per-address limit is tested on its own. */
let address = 0
const from = () => ({ 'x-forwarded-for': `10.9.${(++address >> 8) & 255}.${address & 255}` })
const verify = (bytes: Buffer, api = new Api(server.url), headers = from()) =>
  api.request('POST', '/api/verify', { form: form({}, { file: bytes }), headers })

async function rawPixels(b: Buffer) {
  return sharp(b).removeAlpha().raw().toBuffer()
}

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } })
  a = new Api(server.url)
  aId = (await a.signUp()).user.uid
})
afterAll(() => server?.close())

describe('signing with the C2PA SDK', () => {
  it('signs, reads back with the SDK, and a byte edited afterwards reads as tampered', async () => {
    const credentials = await loadSigningCredentials({ dataDir: server.ctx.config.dataDir })
    expect(credentials.testCertificate).toBe(true)
    const jpeg = await picture(1)
    const definition = {
      title: 'made.jpg',
      format: 'image/jpeg',
      claim_generator_info: [{ name: 'Parti test' }],
      assertions: [
        {
          label: 'c2pa.actions.v2',
          data: { actions: [{ action: 'c2pa.created', digitalSourceType: SOURCE_TYPE.generated }] },
        },
      ],
    }
    const signed = await signAsset(jpeg, 'image/jpeg', definition, [], credentials)
    expect(signed.length).toBeGreaterThan(jpeg.length)
    // the pixels are the file's own: a manifest is metadata beside them
    expect((await rawPixels(signed)).equals(await rawPixels(jpeg))).toBe(true)

    const read = await readAsset(signed, 'image/jpeg', credentials.anchorsPem)
    expect(read).not.toBeNull()
    const store = read!.store
    expect(store.validation_state).toBe('Trusted')
    const active = store.manifests[store.active_manifest!]!
    expect(active.signature_info?.common_name).toMatch(/test/i)
    expect(JSON.stringify(active.assertions)).toContain('trainedAlgorithmicMedia')

    // tamper: change one byte of the picture data (past the manifest, before the end marker)
    const tampered = Buffer.from(signed)
    tampered[tampered.length - 40] = tampered[tampered.length - 40]! ^ 0xff
    const again = await readAsset(tampered, 'image/jpeg', credentials.anchorsPem)
    expect(again!.store.validation_state).toBe('Invalid')
    expect(JSON.stringify(again!.store)).toContain('assertion.dataHash.mismatch')

    // a file that never had one: no manifest at all
    expect(await readAsset(jpeg, 'image/jpeg', null)).toBeNull()
  })

  it('keeps the generated test certificate across restarts (one per DATA_DIR)', async () => {
    const first = await loadSigningCredentials({ dataDir: server.ctx.config.dataDir })
    const second = await loadSigningCredentials({ dataDir: server.ctx.config.dataDir })
    expect(second.chain[0]!.equals(first.chain[0]!)).toBe(true)
    const elsewhere = await loadSigningCredentials({ dataDir: mkdtempSync(join(tmpdir(), 'parti-c2pa-')) })
    expect(elsewhere.chain[0]!.equals(first.chain[0]!)).toBe(false)
  })
})

describe('a configured certificate (C2PA_CERT, C2PA_KEY)', () => {
  it('signs with it (PEM text); a file it signed is valid, not this installation’s test certificate', async () => {
    // a chain made elsewhere: the generated one of another data folder, handed over as PEM text
    const other = mkdtempSync(join(tmpdir(), 'parti-c2pa-ca-'))
    await loadSigningCredentials({ dataDir: other })
    const pem = readFileSync(join(other, 'c2pa', 'test-signer.pem'), 'utf8')
    const key = pem.match(/-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/)![0]
    const cert = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/)![0]
    const configured = await loadSigningCredentials({
      cert,
      key,
      dataDir: mkdtempSync(join(tmpdir(), 'parti-c2pa-')),
    })
    expect(configured.testCertificate).toBe(false)
    expect(configured.anchorsPem).toBeNull()
    const signed = await signAsset(
      await picture(30),
      'image/jpeg',
      {
        title: 'x.jpg',
        format: 'image/jpeg',
        claim_generator_info: [{ name: 'Parti' }],
        assertions: [
          {
            label: 'c2pa.actions.v2',
            data: { actions: [{ action: 'c2pa.created', digitalSourceType: SOURCE_TYPE.generated }] },
          },
        ],
      },
      [],
      configured,
    )
    const v = await provenanceFor(server.ctx).verify(signed, 'image/jpeg')
    expect(v.state).toBe('valid')
    expect(v.trusted).toBe(false)
    expect(v.manifests[0]!.testCertificate).toBe(false)
    // a key that is not the certificate's is refused
    const stranger = mkdtempSync(join(tmpdir(), 'parti-c2pa-x-'))
    await loadSigningCredentials({ dataDir: stranger })
    const otherKey = readFileSync(join(stranger, 'c2pa', 'test-signer.pem'), 'utf8').match(
      /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/,
    )![0]
    await expect(loadSigningCredentials({ cert, key: otherKey, dataDir: stranger })).rejects.toThrow(
      /C2PA_KEY/,
    )
  })
})

describe('downloads carry Content Credentials', () => {
  it('a staged photo downloads signed: edited by AI with engine and model, virtually staged, the source as ingredient', async () => {
    const source = await picture(2)
    const output = await picture(3, 'png')
    const r = await result({
      mode: 'staging',
      output,
      file: 'output.png',
      contentType: 'image/png',
      source,
      metadata: { roomType: 'living-room', phases: { cleaning: 'completed', staging: 'completed' } },
    })
    const got = await download(r.key)
    expect(got.status).toBe(200)
    expect(got.type).toBe('image/png')
    expect(got.body.equals(output)).toBe(false)
    expect((await rawPixels(got.body)).equals(await rawPixels(output))).toBe(true)
    // the stored master is untouched
    expect((await server.ctx.storage.blobs.get(r.key))!.equals(output)).toBe(true)

    const v = await verify(got.body)
    expect(v.status).toBe(200)
    expect(v.body.state).toBe('valid')
    expect(v.body.format).toBe('image/png')
    const [m] = v.body.manifests
    expect(m).toMatchObject({
      aiGenerated: true,
      virtuallyStaged: true,
      testCertificate: true,
      engine: 'replicate',
      model: 'black-forest-labs/flux-kontext-pro',
    })
    expect(m.actions.map((x: { action: string }) => x.action)).toEqual(['c2pa.opened', 'c2pa.edited'])
    expect(m.actions[1].digitalSourceType).toBe(SOURCE_TYPE.edited)
    expect(m.actions[1].description).toMatch(/virtually staged/i)
    expect(m.ingredients).toEqual([
      { title: `${r.sourceKey.split('/').pop()}`, relationship: 'parentOf', hasManifest: false },
    ])

    // the next download is the copy signed the first time
    expect((await download(r.key)).body.equals(got.body)).toBe(true)
    // a view (no download) is the master as stored
    const view = await fetch(`${server.url}/api/files/${r.key}`, {
      headers: { authorization: `Bearer ${a.token}` },
    })
    expect(Buffer.from(await view.arrayBuffer()).equals(output)).toBe(true)
  })

  it('a sketch render is "created" by AI, the drawing an input; the user’s own upload downloads as it came', async () => {
    const sketch = await picture(4)
    const r = await result({
      mode: 'sketch',
      output: await picture(5),
      file: 'output.jpg',
      contentType: 'image/jpeg',
      source: sketch,
    })
    const v = await verify((await download(r.key)).body)
    expect(v.body.state).toBe('valid')
    const [m] = v.body.manifests
    expect(m.virtuallyStaged).toBe(false)
    expect(m.actions.map((x: { action: string }) => x.action)).toEqual(['c2pa.created'])
    expect(m.actions[0].digitalSourceType).toBe(SOURCE_TYPE.generated)
    expect(m.ingredients[0].relationship).toBe('inputTo')

    const upload = await download(r.sourceKey)
    expect(upload.body.equals(sketch)).toBe(true)
    expect((await verify(upload.body)).body.state).toBe('none')
  })

  it('a video (MP4) downloads signed too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parti-mp4-'))
    const file = join(dir, 'v.mp4')
    execFileSync(server.ctx.config.FFMPEG_PATH ?? 'ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '1'],
      ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
    ])
    const mp4 = readFileSync(file)
    const r = await result({
      mode: 'animate',
      output: mp4,
      file: 'video.mp4',
      contentType: 'video/mp4',
      source: await picture(6),
      video: true,
    })
    const got = await download(r.key)
    expect(got.type).toBe('video/mp4')
    const v = await verify(got.body)
    expect(v.body).toMatchObject({ state: 'valid', format: 'video/mp4' })
    expect(v.body.manifests[0].actions[0].action).toBe('c2pa.created')
    const tampered = Buffer.from(got.body)
    tampered[tampered.length - 30] = tampered[tampered.length - 30]! ^ 0xff
    expect((await verify(tampered)).body.state).toBe('tampered')
  })

  it('keeps a manifest the provider put in its file as the parent ingredient, not stripped', async () => {
    const credentials = await loadSigningCredentials({
      dataDir: mkdtempSync(join(tmpdir(), 'parti-provider-')),
    })
    const fromProvider = await signAsset(
      await picture(7),
      'image/jpeg',
      {
        title: 'provider.jpg',
        format: 'image/jpeg',
        claim_generator_info: [{ name: 'Provider Images' }],
        assertions: [
          {
            label: 'c2pa.actions.v2',
            data: { actions: [{ action: 'c2pa.created', digitalSourceType: SOURCE_TYPE.generated }] },
          },
        ],
      },
      [],
      credentials,
    )
    const r = await result({
      mode: 'magic-edit',
      output: fromProvider,
      file: 'output.jpg',
      contentType: 'image/jpeg',
      source: await picture(8),
    })
    const v = await verify((await download(r.key)).body)
    expect(v.body.state).toBe('valid')
    expect(v.body.manifests.map((m: { generator: string }) => m.generator.split(' ')[0])).toEqual([
      'Parti',
      'Provider',
    ])
    expect(v.body.manifests[0].ingredients).toContainEqual(
      expect.objectContaining({ relationship: 'parentOf', hasManifest: true }),
    )
    // the provider's signer is not this installation's test certificate
    expect(v.body.manifests[1].testCertificate).toBe(false)
  })
})

describe('the account export', () => {
  it('carries each result signed, under its own name, and the uploads as they came', async () => {
    const b = new Api(server.url)
    const bId = (await b.signUp()).user.uid
    const id = randomUUID()
    const sourceKey = `users/${bId}/uploads/${id}.jpg`
    const key = `users/${bId}/${id}/output.jpg`
    const source = await picture(20)
    const output = await picture(21)
    await server.ctx.storage.blobs.put(sourceKey, source, 'image/jpeg')
    await server.ctx.storage.blobs.put(key, output, 'image/jpeg')
    await server.ctx.database.db.insert(generations).values({
      id,
      userId: bId,
      type: 'image',
      generationType: 'home-staging',
      mode: 'staging',
      status: 'completed',
      creditsCost: 10,
      payload: { v: 1 },
      inputKeys: [sourceKey],
      outputImageKey: key,
      metadata: { phases: { cleaning: 'completed', staging: 'completed' } },
    })
    // a download first: its signed copy must not appear twice in the export
    await download(key, b)
    const res = await fetch(`${server.url}/api/user/export`, {
      headers: { authorization: `Bearer ${b.token}` },
    })
    expect(res.status).toBe(200)
    const files = await unzip(Buffer.from(await res.arrayBuffer()))
    const names = [...files.keys()].filter((n) => n.startsWith('files/'))
    expect(names.sort()).toEqual([`files/${id}/output.jpg`, `files/uploads/${id}.jpg`])
    const result = files.get(`files/${id}/output.jpg`)!
    expect((await rawPixels(result)).equals(await rawPixels(output))).toBe(true)
    const v = await verify(result)
    expect(v.body.state).toBe('valid')
    expect(v.body.manifests[0].virtuallyStaged).toBe(true)
    expect(files.get(`files/uploads/${id}.jpg`)!.equals(source)).toBe(true)
  })
})

describe('POST /api/verify', () => {
  it('needs no sign-in, and reads valid, tampered and none', async () => {
    const r = await result({
      mode: 'staging',
      output: await picture(9),
      file: 'output.jpg',
      contentType: 'image/jpeg',
      source: await picture(10),
    })
    const signed = (await download(r.key)).body
    const anonymous = new Api(server.url)
    expect((await verify(signed, anonymous)).body.state).toBe('valid')
    const cut = Buffer.from(signed)
    cut[cut.length - 60] = cut[cut.length - 60]! ^ 0x55
    const t = await verify(cut, anonymous)
    expect(t.status).toBe(200)
    expect(t.body.state).toBe('tampered')
    expect(t.body.problems.map((p: { code: string }) => p.code)).toContain('assertion.dataHash.mismatch')
    expect((await verify(await picture(11), anonymous)).body).toMatchObject({ state: 'none', manifests: [] })
  })

  it('validates its input: a file is required, and must be a picture or a video', async () => {
    const anonymous = new Api(server.url)
    const noFile = await anonymous.request('POST', '/api/verify', {
      form: form({ note: 'x' }),
      headers: from(),
    })
    expect(noFile.status).toBe(400)
    const json = await anonymous.request('POST', '/api/verify', { json: { file: 'x' }, headers: from() })
    expect(json.status).toBe(400)
    const text = await verify(Buffer.from('not a picture at all, just words'), anonymous)
    expect(text.status).toBe(415)
    expect(text.body.error.code).toBe('unsupported_media_type')
    // a picture cut short, with no manifest: damaged, not "no credentials"
    const cut = (await picture(15, 'png')).subarray(0, 400)
    const damaged = await verify(cut, anonymous)
    expect(damaged.status).toBe(422)
    const two = new FormData()
    for (let i = 0; i < 2; i++) two.append('file', new Blob([new Uint8Array(await picture(16))]), `f${i}.jpg`)
    const many = await anonymous.request('POST', '/api/verify', { form: two, headers: from() })
    expect(many.status).toBe(400)
  })

  it('is rate-limited per address', async () => {
    const one = from()
    const bytes = await picture(14)
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await verify(bytes, new Api(server.url), one)).status)
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true)
    expect(statuses[30]).toBe(429)
  })

  it('signs the label burnt into an export copy as one more edit', async () => {
    const s = await result({
      mode: 'staging',
      output: await picture(12),
      file: 'output.jpg',
      contentType: 'image/jpeg',
      source: await picture(13),
    })
    const row = (await server.ctx.database.db.select().from(generations)).find((g) => g.id === s.id)!
    const labelled = await sharp(await picture(12))
      .jpeg()
      .toBuffer()
    const signed = await provenanceFor(server.ctx).sign(row, s.key, labelled, 'image/jpeg', {
      action: 'c2pa.edited',
      description: 'The board’s disclosure label added at export',
    })
    const v = await provenanceFor(server.ctx).verify(signed, 'image/jpeg')
    expect(v.state).toBe('valid')
    expect(v.manifests[0]!.actions.at(-1)!.description).toMatch(/label/)
    expect(LABEL.staging).toBe('com.parti.virtual-staging')
  })
})
