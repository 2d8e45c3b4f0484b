import { createHash, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { COSTS } from '@parti/contract'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { faceChecks, generations } from '../src/db/schema.ts'
import { detectFaces, FACE_DETECTOR } from '../src/lib/faces.ts'
import { Api, form } from './helpers/client.ts'
import { balance, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'
import { unzip } from './helpers/zip.ts'

// A board requiring privacy (docs/decisions/0121-boards-requiring-privacy.md): every exported photo is made from
// a privacy blur, replaced by a blur of it made in the project, or shows no face to the detector; otherwise the
// export is refused naming the photo. Staged rows are written straight into the table over real files (the
// face fixture of the privacy tests); the blurs are real jobs.
const ASTRONAUT = readFileSync(new URL('./fixtures/astronaut.jpg', import.meta.url))

let server: TestServer
let a: Api
let aId: string
let admin: Api
let faceless: Buffer

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: 'privacy-admin@parti.test' } })
  a = new Api(server.url)
  aId = (await a.signUp()).user.uid
  admin = new Api(server.url)
  await admin.signUp('privacy-admin@parti.test')
  // a room without anyone in it: stripes and a gradient, detail everywhere
  const raw = Buffer.alloc(512 * 512 * 3)
  for (let i = 0; i < raw.length; i += 3) {
    const x = (i / 3) % 512
    const y = Math.floor(i / 3 / 512)
    raw[i] = 120 + ((x >> 4) % 2) * 60
    raw[i + 1] = 100 + (y >> 2)
    raw[i + 2] = 90
  }
  faceless = await sharp(raw, { raw: { width: 512, height: 512, channels: 3 } })
    .jpeg()
    .toBuffer()
})
afterAll(() => server?.close())

async function setPrivacy(boardId: string, privacyRequired: boolean) {
  const board = (await a.get('/api/mls-boards')).body.boards.find((b: { id: string }) => b.id === boardId)
  const { id: _id, ...input } = board
  const r = await admin.request('PUT', `/api/admin/mls-boards/${boardId}`, {
    json: { ...input, privacyRequired },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  expect(r.body.board.privacyRequired).toBe(privacyRequired)
}

async function project(boardId: string) {
  const r = await a.post('/api/user/projects', { name: `Listing ${boardId}`, boardId })
  expect(r.status).toBe(201)
  return r.body.project.id as string
}

/** A finished staging in the project: `original` as uploaded, `staged` as its result. */
async function staged(
  projectId: string,
  original: Buffer,
  stagedFile: Buffer,
  sourceGenerationId: string | null = null,
) {
  const id = randomUUID()
  const originalKey = `users/${aId}/uploads/${id}.jpg`
  const stagedKey = `users/${aId}/${id}/output.jpg`
  await server.ctx.storage.blobs.put(originalKey, original, 'image/jpeg')
  await server.ctx.storage.blobs.put(stagedKey, stagedFile, 'image/jpeg')
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
    sourceGenerationId,
    metadata: { stagingOptions: [] },
    createdAt: new Date(),
  })
  return { id, originalKey, stagedKey }
}

async function exportOf(projectId: string) {
  const res = await fetch(`${server.url}/api/user/projects/${projectId}/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${a.token}` },
  })
  const body = Buffer.from(await res.arrayBuffer())
  return {
    status: res.status,
    json: res.status === 200 ? null : JSON.parse(body.toString()),
    files: res.status === 200 ? await unzip(body) : new Map<string, Buffer>(),
  }
}

/** A privacy blur started as the export dialog starts it: from the result, or from the file's own URL. */
async function blur(projectId: string, from: Record<string, string>) {
  const r = await a.postForm('/api/render/start', form({ generationType: 'privacy', projectId, ...from }, {}))
  expect(r.status, JSON.stringify(r.body)).toBe(202)
  const [g] = await waitForJobs(a, [r.body.generation.id])
  expect(g!.status, JSON.stringify(g)).toBe('completed')
  return g as unknown as { id: string; outputImageUrl: string }
}

const faceCount = async (bytes: Buffer) => (await detectFaces(bytes))!.length
const digest = (b: Buffer) => createHash('sha256').update(b).digest('hex')

describe('a board requiring privacy', () => {
  it('starts off on every seeded board: none of their published rules asks for blurred faces', async () => {
    const boards = (await a.get('/api/mls-boards')).body.boards as { privacyRequired: boolean }[]
    expect(boards.length).toBeGreaterThan(5)
    expect(boards.every((b) => b.privacyRequired === false)).toBe(true)
  })

  it('refuses a staged photo with a face, naming it; a blur of it in the project is exported in its place', async () => {
    await setPrivacy('bright', true)
    const id = await project('bright')
    const withFace = await staged(id, faceless, ASTRONAUT)
    await staged(id, faceless, faceless)
    const refused = await exportOf(id)
    expect(refused.status).toBe(422)
    expect(refused.json.error.code).toBe('unprocessable')
    // only the photo with a face is named, with what its blur starts from; the faceless one passes
    expect(refused.json.error.details.reasons).toEqual([
      {
        id: 'faces_visible',
        generationId: withFace.id,
        name: '01-staged.jpg',
        faces: 1,
        blurFrom: { sourceGenerationId: withFace.id },
      },
    ])

    const credits = await balance(a)
    const blurred = await blur(id, { sourceGenerationId: withFace.id })
    expect(await balance(a)).toBe(credits - COSTS.privacy)
    const ok = await exportOf(id)
    expect(ok.status).toBe(200)
    expect([...ok.files.keys()].filter((f) => /staged/.test(f))).toEqual(['01-staged.jpg', '02-staged.jpg'])
    // the exported file is the blur: no face left to the detector, the same pixels as the blur's result
    const exported = ok.files.get('01-staged.jpg')!
    expect(await faceCount(exported)).toBe(0)
    const stored = Buffer.from(
      await (
        await fetch(`${server.url}${blurred.outputImageUrl}`, {
          headers: { authorization: `Bearer ${a.token}` },
        })
      ).arrayBuffer(),
    )
    expect(await sharp(exported).raw().toBuffer()).toEqual(await sharp(stored).raw().toBuffer())
    // nothing was written over: the staged master still has its face
    expect(await faceCount((await server.ctx.storage.blobs.get(withFace.stagedKey))!)).toBe(1)
    // the export is free: only the blur was charged
    expect(await balance(a)).toBe(credits - COSTS.privacy)
  })

  it('accepts a staged photo made from a privacy blur without looking for faces, and a faceless one', async () => {
    const plain = await project('bright')
    await staged(plain, faceless, faceless)
    expect((await exportOf(plain)).status).toBe(200)
    const id = await project('bright')
    // a blur of an upload with a face, then a staging made from that blur
    const up = await a.postForm(
      '/api/render/start',
      form({ generationType: 'privacy', projectId: id }, { image: ASTRONAUT }),
    )
    expect(up.status).toBe(202)
    const [source] = await waitForJobs(a, [up.body.generation.id])
    expect(source!.status).toBe('completed')
    // the staged file is given a face on purpose: lineage alone clears it, the detector is never asked
    await staged(id, faceless, ASTRONAUT, source!.id)
    const before = await server.ctx.database.db.select().from(faceChecks)
    const r = await exportOf(id)
    expect(r.status, JSON.stringify(r.json)).toBe(200)
    expect(r.files.has('01-staged.jpg')).toBe(true)
    expect(await server.ctx.database.db.select().from(faceChecks)).toHaveLength(before.length)
  })

  it('looks at each file once: the answer is kept by the file’s digest and read by the next export', async () => {
    const id = await project('bright')
    await staged(id, faceless, ASTRONAUT)
    expect((await exportOf(id)).status).toBe(422)
    const [row] = await server.ctx.database.db
      .select()
      .from(faceChecks)
      .where(eq(faceChecks.digest, digest(ASTRONAUT)))
    expect(row).toMatchObject({ detector: FACE_DETECTOR, faces: 1 })
    // the kept answer is what the next export reads: told "no face", it passes without running the model
    await server.ctx.database.db
      .update(faceChecks)
      .set({ faces: 0 })
      .where(eq(faceChecks.digest, digest(ASTRONAUT)))
    expect((await exportOf(id)).status).toBe(200)
    await server.ctx.database.db
      .update(faceChecks)
      .set({ faces: 1 })
      .where(eq(faceChecks.digest, digest(ASTRONAUT)))
  })

  it('checks the originals a board shows too: a blur of the upload goes out in its place, captioned so', async () => {
    await setPrivacy('realtracs', true)
    const id = await project('realtracs')
    const s = await staged(id, ASTRONAUT, faceless)
    const refused = await exportOf(id)
    expect(refused.status).toBe(422)
    const imageUrl = `/api/files/${s.originalKey}`
    expect(refused.json.error.details.reasons).toEqual([
      { id: 'faces_visible', generationId: s.id, name: '01-original.jpg', faces: 1, blurFrom: { imageUrl } },
    ])
    await blur(id, { imageUrl })
    const ok = await exportOf(id)
    expect(ok.status, JSON.stringify(ok.json)).toBe(200)
    expect(await faceCount(ok.files.get('01-original.jpg')!)).toBe(0)
    expect(ok.files.get('captions.csv')!.toString()).toContain('Original photo, faces blurred')
    // the upload itself is untouched
    expect(await server.ctx.storage.blobs.get(s.originalKey)).toEqual(ASTRONAUT)
  })

  it('the public page of a linked original shows the blur, never the faces', async () => {
    await setPrivacy('crmls', true)
    const id = await project('crmls')
    await a.request('PUT', `/api/user/projects/${id}/published`, { json: { published: true } })
    const s = await staged(id, ASTRONAUT, faceless)
    expect((await exportOf(id)).status).toBe(422)
    await blur(id, { imageUrl: `/api/files/${s.originalKey}` })
    const ok = await exportOf(id)
    expect(ok.status, JSON.stringify(ok.json)).toBe(200)
    const link = /\/api\/o\/([a-z0-9]+)/.exec(ok.files.get('captions.csv')!.toString())![1]
    const html = await (await fetch(`${server.url}/api/o/${link}`)).text()
    expect(html).toContain('Faces are blurred for privacy')
    const page = await fetch(`${server.url}/api/o/${link}/photo`)
    expect(page.status).toBe(200)
    const shown = Buffer.from(await page.arrayBuffer())
    expect(shown).not.toEqual(ASTRONAUT)
    expect(await faceCount(shown)).toBe(0)
  })

  it('a project can ask for it itself, under a board that does not; switched off, the same photo exports', async () => {
    const r = await a.post('/api/user/projects', {
      name: 'Own rule',
      boardId: 'stellar',
      privacyRequired: true,
    })
    expect(r.status).toBe(201)
    const id = r.body.project.id as string
    expect(r.body.project.privacyRequired).toBe(true)
    await staged(id, faceless, ASTRONAUT)
    const refused = await exportOf(id)
    expect(refused.status).toBe(422)
    expect(refused.json.error.details.reasons.map((x: { id: string }) => x.id)).toEqual(['faces_visible'])
    const off = await a.request('PUT', `/api/user/projects/${id}`, {
      json: { name: 'Own rule', boardId: 'stellar', privacyRequired: false },
    })
    expect(off.body.project.privacyRequired).toBe(false)
    expect((await exportOf(id)).status).toBe(200)
  })

  it('with the flag off, the same photo with a face is exported as it is', async () => {
    await setPrivacy('bright', false)
    const id = await project('bright')
    await staged(id, faceless, ASTRONAUT)
    const r = await exportOf(id)
    expect(r.status).toBe(200)
    expect(await faceCount(r.files.get('01-staged.jpg')!)).toBe(1)
  })
})
