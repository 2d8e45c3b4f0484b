import { randomUUID } from 'node:crypto'
import jsQR from 'jsqr'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generations } from '../src/db/schema.ts'
import { provenanceFor, sniffFormat } from '../src/provenance/service.ts'
import { Api } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'
import { unzip } from './helpers/zip.ts'

// MLS board profiles and the export for a board (docs/mls.md, docs/decisions/0105-mls-rules-applied-at-export.md,
// docs/decisions/0106-public-originals.md). Staged rows are written straight into the table over real image
// files: what is under test is the export, not the engines.
let server: TestServer
let a: Api
let aId: string
let admin: Api

const W = 640
const H = 480

/** A photo with detail everywhere (a label band must differ from what it covers). */
async function photo(seed: number, format: 'jpeg' | 'png') {
  const raw = Buffer.alloc(W * H * 3)
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3
      raw[i] = (x * 3 + seed * 40) % 256
      raw[i + 1] = (y * 2 + seed * 70) % 256
      raw[i + 2] = ((x + y) * 5 + seed * 20) % 256
    }
  const img = sharp(raw, { raw: { width: W, height: H, channels: 3 } })
  return format === 'jpeg' ? img.jpeg({ quality: 95 }).toBuffer() : img.png().toBuffer()
}

interface Staged {
  id: string
  originalKey: string
  stagedKey: string
  original: Buffer
  staged: Buffer
}

async function stagedPhoto(
  projectId: string,
  seed: number,
  meta: Record<string, unknown> = {},
): Promise<Staged> {
  const id = randomUUID()
  const originalKey = `users/${aId}/uploads/${id}.jpg`
  const stagedKey = `users/${aId}/${id}/output.png`
  const original = await photo(seed, 'jpeg')
  const staged = await photo(seed + 1, 'png')
  await server.ctx.storage.blobs.put(originalKey, original, 'image/jpeg')
  await server.ctx.storage.blobs.put(stagedKey, staged, 'image/png')
  await server.ctx.database.db.insert(generations).values({
    id,
    userId: aId,
    projectId,
    type: 'image',
    generationType: 'home-staging',
    mode: 'staging',
    status: 'completed',
    creditsCost: 20,
    payload: { v: 1 },
    inputKeys: [originalKey],
    outputImageKey: stagedKey,
    metadata: {
      stagingOptions: ['addFurniture'],
      fidelity: { score: 0.8, method: 'structure', tolerancePx: 3, threshold: 0.3 },
      ...meta,
    },
    createdAt: new Date(Date.now() - 60_000 + seed * 1000),
  })
  return { id, originalKey, stagedKey, original, staged }
}

async function project(boardId: string, name = `Listing ${boardId}`) {
  const r = await a.post('/api/user/projects', { name, reference: '12 Elm Street', boardId })
  expect(r.status).toBe(201)
  return r.body.project.id as string
}

async function exportZip(api: Api, projectId: string) {
  const res = await fetch(`${server.url}/api/user/projects/${projectId}/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
  })
  const body = Buffer.from(await res.arrayBuffer())
  return { status: res.status, headers: res.headers, body }
}

/** Mean absolute difference per channel between two images over rows [from, to). */
async function rowDiff(x: Buffer, y: Buffer, from: number, to: number) {
  const [p, q] = await Promise.all(
    [x, y].map((b) => sharp(b).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  )
  let sum = 0
  for (let i = from * W * 3; i < to * W * 3; i++) sum += Math.abs(p!.data[i]! - q!.data[i]!)
  return sum / ((to - from) * W * 3)
}

const samePixels = async (x: Buffer, y: Buffer) =>
  (await sharp(x).removeAlpha().raw().toBuffer()).equals(await sharp(y).removeAlpha().raw().toBuffer())
/** What the file's Content Credentials say (docs/decisions/0113-c2pa-signing-at-download.md). */
const credentialsOf = (b: Buffer) => provenanceFor(server.ctx).verify(b, sniffFormat(b)!)

/** RFC 4180 lines: cells split on commas outside quotes, doubled quotes undone. */
const csvRows = (csv: Buffer) =>
  csv
    .toString()
    .trim()
    .split('\r\n')
    .map((l) =>
      [...l.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => m[1]?.replace(/""/g, '"') ?? m[2]!),
    )

/** The text of the QR code in a picture, read by jsQR from its RGBA pixels; null when there is none. */
async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: 'boards-admin@parti.test' } })
  a = new Api(server.url)
  aId = (await a.signUp()).user.uid
  admin = new Api(server.url)
  await admin.signUp('boards-admin@parti.test')
})
afterAll(() => server?.close())

describe('MLS board profiles', () => {
  it('are seeded with their rules, source and date checked, readable by users', async () => {
    const r = await a.get('/api/mls-boards')
    expect(r.status).toBe(200)
    const byId = Object.fromEntries(r.body.boards.map((b: { id: string }) => [b.id, b]))
    expect(Object.keys(byId)).toEqual(
      expect.arrayContaining(['mls-now', 'stellar', 'realtracs', 'rmls', 'smartmls', 'crmls']),
    )
    expect(byId['mls-now']).toMatchObject({ label: 'forbidden', qrAllowed: false })
    expect(byId.rmls).toMatchObject({ label: 'required', labelText: 'Virtually Staged' })
    expect(byId.stellar.remarksPrefix).toBe('One or more photo(s) was virtually staged.')
    expect(byId.realtracs.originalPlacement).toBe('before')
    expect(byId.crmls).toMatchObject({ originalLink: true, originalPlacement: 'after' })
    for (const b of r.body.boards) {
      expect(b.source.length).toBeGreaterThan(3)
      expect(b.checkedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
    expect((await new Api(server.url).get('/api/mls-boards')).status).toBe(401)
  })

  it('are edited by admins only, validated', async () => {
    const rmls = (await a.get('/api/mls-boards')).body.boards.find((b: { id: string }) => b.id === 'bright')
    const { id: _id, ...input } = rmls
    const edit = { ...input, labelHeightShare: 0.06, checkedAt: '2026-11-28' }
    expect((await a.request('PUT', '/api/admin/mls-boards/bright', { json: edit })).status).toBe(403)
    const bad = await admin.request('PUT', '/api/admin/mls-boards/bright', {
      json: { ...edit, label: 'required', labelText: '' },
    })
    expect(bad.status).toBe(400)
    expect((await admin.request('PUT', '/api/admin/mls-boards/nope', { json: edit })).status).toBe(404)
    const ok = await admin.request('PUT', '/api/admin/mls-boards/bright', { json: edit })
    expect(ok.status).toBe(200)
    expect(ok.body.board).toMatchObject({ labelHeightShare: 0.06, checkedAt: '2026-11-28' })
  })
})

describe('export for MLS', () => {
  it('burns the label in at export only, at the board’s height; the stored master never changes', async () => {
    const id = await project('rmls')
    const s = await stagedPhoto(id, 1)
    const r = await exportZip(a, id)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toContain('application/zip')
    const files = await unzip(r.body)
    expect([...files.keys()]).toEqual(['01-staged.jpg', 'captions.csv', 'remarks.txt'])
    const out = files.get('01-staged.jpg')!
    const meta = await sharp(out).metadata()
    expect([meta.width, meta.height]).toEqual([W, H])
    const band = Math.round(0.05 * H) // RMLS: 5 % of the image height
    // inside the band the picture is covered; above it, the staged photo as it was (JPEG noise only)
    expect(await rowDiff(out, s.staged, H - band + 2, H)).toBeGreaterThan(30)
    expect(await rowDiff(out, s.staged, 0, H - band - 2)).toBeLessThan(6)
    // the band starts where the share says, not earlier
    expect(await rowDiff(out, s.staged, H - band - 6, H - band - 2)).toBeLessThan(6)
    // the master is byte for byte what was stored
    expect((await server.ctx.storage.blobs.get(s.stagedKey))!.equals(s.staged)).toBe(true)
    // the labelled copy leaves signed: staged by AI, then the label added at export
    const credentials = await credentialsOf(out)
    expect(credentials.state).toBe('valid')
    expect(credentials.manifests[0]).toMatchObject({ virtuallyStaged: true, aiGenerated: true })
    expect(credentials.manifests[0]!.actions.at(-1)!.description).toContain('Virtually Staged')
  })

  it('orders each original right before its staged photo where the board wants it, with captions and remarks', async () => {
    const id = await project('realtracs')
    const first = await stagedPhoto(id, 2)
    const second = await stagedPhoto(id, 3)
    const files = await unzip((await exportZip(a, id)).body)
    expect([...files.keys()]).toEqual([
      '01-original.jpg',
      '01-staged.png',
      '02-original.jpg',
      '02-staged.png',
      'captions.csv',
      'remarks.txt',
    ])
    // no label on this board: the staged photos are the stored pictures with their Content Credentials, the
    // originals the uploaded files unchanged
    expect(await samePixels(files.get('01-staged.png')!, first.staged)).toBe(true)
    expect((await credentialsOf(files.get('01-staged.png')!)).state).toBe('valid')
    expect((await credentialsOf(files.get('02-staged.png')!)).manifests[0]!.virtuallyStaged).toBe(true)
    expect(files.get('02-original.jpg')!.equals(second.original)).toBe(true)
    expect((await credentialsOf(files.get('02-original.jpg')!)).state).toBe('none')
    const rows = csvRows(files.get('captions.csv')!)
    expect(rows[0]).toEqual(['file', 'caption', 'original_link', 'qr_code'])
    expect(rows.find((l) => l[0] === '01-staged.png')?.[1]).toBe('Virtually staged')
    expect(rows.find((l) => l[0] === '01-original.jpg')?.[1]).toBe('Unaltered original photo')
    expect(files.get('remarks.txt')!.toString()).toBe(
      'Virtually staged photos are shown next to the room as it is.\n',
    )
  })

  it('leaves out a cleaned room: cleaning run alone, or a staging phase that failed for good', async () => {
    const id = await project('rmls', 'Cleaned and staged')
    const s = await stagedPhoto(id, 20, { phases: { cleaning: 'completed', staging: 'completed' } })
    await stagedPhoto(id, 21, {
      steps: ['staging-clean'],
      phases: { cleaning: 'completed', staging: 'skipped' },
    })
    await stagedPhoto(id, 22, { phases: { cleaning: 'completed', staging: 'failed' } })
    const files = await unzip((await exportZip(a, id)).body)
    expect([...files.keys()]).toEqual(['01-staged.jpg', 'captions.csv', 'remarks.txt'])
    expect(await rowDiff(files.get('01-staged.jpg')!, s.staged, 0, H - 30)).toBeLessThan(3)
    // nothing staged at all is refused as such, not exported as staged
    const cleanedOnly = await project('rmls', 'Cleaned only')
    await stagedPhoto(cleanedOnly, 23, { phases: { cleaning: 'completed', staging: 'skipped' } })
    const refused = await exportZip(a, cleanedOnly)
    expect(refused.status).toBe(422)
    expect(JSON.parse(refused.body.toString()).error.details.reasons).toEqual([{ id: 'no_staged' }])
  })

  it('refuses before the first byte when a file of the project is missing from the store', async () => {
    const id = await project('realtracs', 'Missing original')
    await stagedPhoto(id, 24)
    const gone = await stagedPhoto(id, 25)
    await server.ctx.storage.blobs.delete(gone.originalKey)
    const r = await exportZip(a, id)
    // an answer, not a zip cut short: the export streams only once every file is known to be there
    expect(r.status).toBe(409)
    expect(JSON.parse(r.body.toString()).error).toMatchObject({
      code: 'conflict',
      message: 'A file of this project is missing: 02-original.jpg',
    })
  })

  it('puts an unaltered photo first where the board forbids an altered primary photo', async () => {
    const id = await project('mls-now')
    const s = await stagedPhoto(id, 4)
    const files = await unzip((await exportZip(a, id)).body)
    expect([...files.keys()]).toEqual(['00-original.jpg', '01-staged.png', 'captions.csv', 'remarks.txt'])
    expect(files.get('00-original.jpg')!.equals(s.original)).toBe(true)
    expect(await samePixels(files.get('01-staged.png')!, s.staged)).toBe(true)
    expect((await credentialsOf(files.get('01-staged.png')!)).state).toBe('valid')
  })

  it('refuses an export that breaks the board’s rules, with every reason', async () => {
    const id = await project('stellar')
    const changed = await stagedPhoto(id, 5, {
      fidelity: { score: 0.12, method: 'structure', tolerancePx: 3, threshold: 0.3 },
    })
    const repainted = await stagedPhoto(id, 6, { stagingOptions: ['repaint', 'addFurniture'] })
    const r = await exportZip(a, id)
    expect(r.status).toBe(422)
    const body = JSON.parse(r.body.toString())
    expect(body.error.code).toBe('unprocessable')
    expect(body.error.details.reasons).toEqual([
      { id: 'structure_changed', generationId: changed.id, name: '01-staged.png', score: 12 },
      { id: 'permanent_features', generationId: repainted.id, name: '02-staged.png' },
    ])
    // the same photos pass a board that forbids neither
    await a.request('PUT', `/api/user/projects/${id}`, { json: { name: 'Listing', boardId: 'smartmls' } })
    expect((await exportZip(a, id)).status).toBe(200)
    // a project without a board, or without staged photos, is refused too
    const empty = await project('stellar', 'Empty')
    expect(JSON.parse((await exportZip(a, empty)).body.toString()).error.details.reasons).toEqual([
      { id: 'no_staged' },
    ])
    const none = (await a.post('/api/user/projects', { name: 'No board' })).body.project.id
    expect(JSON.parse((await exportZip(a, none)).body.toString()).error.details.reasons).toEqual([
      { id: 'no_board' },
    ])
  })

  it('links each staged photo to a public page of its original, reachable without sign-in while published', async () => {
    const id = await project('crmls')
    const s = await stagedPhoto(id, 7)
    const unpublished = await exportZip(a, id)
    expect(unpublished.status).toBe(422)
    expect(JSON.parse(unpublished.body.toString()).error.details.reasons).toEqual([{ id: 'not_published' }])
    await a.request('PUT', `/api/user/projects/${id}/published`, { json: { published: true } })
    const files = await unzip((await exportZip(a, id)).body)
    expect([...files.keys()]).toEqual([
      '01-staged.png',
      '01-original.jpg',
      'qr/01-staged.png',
      'captions.csv',
      'remarks.txt',
    ])
    const row = csvRows(files.get('captions.csv')!).find((l) => l[0] === '01-staged.png')!
    const link = row[2]!
    expect(link).toMatch(/\/api\/o\/[a-z0-9]{10}$/)
    expect(row[1]).toContain(`Unaltered original: ${link}`)
    // the board allows QR codes (docs/decisions/0118-qr-codes-in-mls-exports.md): decoded, it is the same page
    expect(row[3]).toBe('qr/01-staged.png')
    expect(await decodeQr(files.get('qr/01-staged.png')!)).toBe(link)
    // the same link on a second export
    const again = csvRows((await unzip((await exportZip(a, id)).body)).get('captions.csv')!)
    expect(again.find((l) => l[0] === '01-staged.png')![2]).toBe(link)

    const path = new URL(link).pathname
    const page = await fetch(`${server.url}${path}`, { headers: { 'accept-language': 'ar,en;q=0.5' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    const html = await page.text()
    expect(html).toContain('dir="rtl"')
    // the agent's Latin reference keeps its order on the Arabic page: isolated from the text around it
    expect(html).toContain('<bdi>12 Elm Street</bdi>')
    expect(html).toContain(`${path}/photo`)
    const photoRes = await fetch(`${server.url}${path}/photo`)
    expect(photoRes.status).toBe(200)
    expect(Buffer.from(await photoRes.arrayBuffer()).equals(s.original)).toBe(true)

    // unpublished: gone
    await a.request('PUT', `/api/user/projects/${id}/published`, { json: { published: false } })
    expect((await fetch(`${server.url}${path}`)).status).toBe(404)
    expect((await fetch(`${server.url}${path}/photo`)).status).toBe(404)
    expect((await fetch(`${server.url}/api/o/nothere1234`)).status).toBe(404)
  })

  it('prints no QR code where the board does not allow one: the link stays in the captions', async () => {
    const boards = (await a.get('/api/mls-boards')).body.boards as Array<Record<string, unknown>>
    const { id: boardId, ...crmls } = boards.find((b) => b.id === 'crmls')!
    const put = (qrAllowed: boolean) =>
      admin.request('PUT', `/api/admin/mls-boards/${boardId}`, { json: { ...crmls, qrAllowed } })
    expect((await put(false)).status).toBe(200)
    try {
      const id = await project('crmls', 'No QR')
      await stagedPhoto(id, 9)
      await a.request('PUT', `/api/user/projects/${id}/published`, { json: { published: true } })
      const files = await unzip((await exportZip(a, id)).body)
      expect([...files.keys()].filter((f) => f.startsWith('qr/'))).toEqual([])
      const row = csvRows(files.get('captions.csv')!).find((l) => l[0] === '01-staged.png')!
      expect(row[2]).toMatch(/\/api\/o\/[a-z0-9]{10}$/)
      expect(row[3]).toBe('')
    } finally {
      await put(true)
    }
  })

  it('is not another user’s to export', async () => {
    const id = await project('rmls', 'Private')
    const b = new Api(server.url)
    await b.signUp()
    expect((await exportZip(b, id)).status).toBe(404)
  })
})
