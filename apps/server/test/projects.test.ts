import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generations } from '../src/db/schema.ts'
import { Api } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Projects (docs/product.md#projects, docs/decisions/0104-projects-own-their-generations.md). Finished rows are
// written straight into the table: what is under test is the grouping, moving and copying, not the engines.
let server: TestServer
let a: Api
let b: Api
let aId: string

type Row = typeof generations.$inferInsert

function row(owner: string, patch: Partial<Row> = {}): Row {
  return {
    id: randomUUID(),
    userId: owner,
    type: 'image',
    generationType: 'home-staging',
    mode: 'staging',
    status: 'completed',
    creditsCost: 20,
    payload: { v: 1 },
    inputKeys: [`users/${owner}/uploads/photo-1.jpg`],
    outputImageKey: `users/${owner}/out/${randomUUID()}.png`,
    ...patch,
  }
}

async function insert(...rows: Row[]) {
  await server.ctx.database.db.insert(generations).values(rows)
  return rows.map((r) => r.id!)
}

beforeAll(async () => {
  server = await startTestServer()
  a = new Api(server.url)
  aId = (await a.signUp()).user.uid
  b = new Api(server.url)
  await b.signUp()
})
afterAll(() => server?.close())

describe('projects', () => {
  it('are created, listed, read, changed and validated', async () => {
    const created = await a.post('/api/user/projects', {
      name: '  12 Elm Street ',
      reference: 'MLS 4471',
      client: 'Ana Costa',
      notes: 'Three bedrooms',
      boardId: 'stellar',
    })
    expect(created.status).toBe(201)
    expect(created.body.project).toMatchObject({
      name: '12 Elm Street',
      reference: 'MLS 4471',
      client: 'Ana Costa',
      boardId: 'stellar',
      published: false,
      generations: 0,
    })
    const id = created.body.project.id
    expect((await a.post('/api/user/projects', { name: '' })).status).toBe(400)
    const badBoard = await a.post('/api/user/projects', { name: 'X', boardId: 'no-such-board' })
    expect(badBoard.status).toBe(400)
    expect(badBoard.body.error.details.field).toBe('boardId')

    const list = await a.get('/api/user/projects')
    expect(list.body.projects.map((p: { id: string }) => p.id)).toContain(id)
    const changed = await a.request('PUT', `/api/user/projects/${id}`, {
      json: { name: '12 Elm St', boardId: null },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.project).toMatchObject({ name: '12 Elm St', boardId: null, reference: '' })
    const detail = await a.get(`/api/user/projects/${id}`)
    expect(detail.status).toBe(200)
    expect(detail.body).toMatchObject({ project: { id }, sources: [] })
  })

  it('are invisible to another user, who can neither read, change, delete nor fill them', async () => {
    const id = (await a.post('/api/user/projects', { name: 'Private listing' })).body.project.id
    const [gen] = await insert(row(aId))
    expect((await b.get('/api/user/projects')).body.projects).toEqual([])
    expect((await b.get(`/api/user/projects/${id}`)).status).toBe(404)
    expect((await b.request('PUT', `/api/user/projects/${id}`, { json: { name: 'Mine' } })).status).toBe(404)
    expect((await b.request('DELETE', `/api/user/projects/${id}`)).status).toBe(404)
    // B cannot put A's generation in B's project, nor its own in A's project
    const bProject = (await b.post('/api/user/projects', { name: 'B' })).body.project.id
    expect(
      (await b.request('PUT', `/api/user/generations/${gen}/project`, { json: { projectId: bProject } }))
        .status,
    ).toBe(404)
    expect((await b.post(`/api/user/generations/${gen}/copy`, { projectId: bProject })).status).toBe(404)
    expect((await b.get(`/api/user/generations?projectId=${id}`)).body.generations).toEqual([])
    expect((await a.get(`/api/user/projects/${id}`)).body.project.name).toBe('Private listing')
    expect((await a.get('/api/user/projects')).status).toBe(200)
    expect((await new Api(server.url).get('/api/user/projects')).status).toBe(401)
  })

  it('group generations by source photo; the gallery filters by project; moving and copying', async () => {
    const p1 = (await a.post('/api/user/projects', { name: 'Listing one' })).body.project.id
    const p2 = (await a.post('/api/user/projects', { name: 'Listing two' })).body.project.id
    const t = Date.now() - 60_000
    const kitchen = `users/${aId}/uploads/kitchen.jpg`
    const bedroom = `users/${aId}/uploads/bedroom.jpg`
    const staged = row(aId, { inputKeys: [kitchen], createdAt: new Date(t) })
    const [stagedId, bedroomId, videoId, pendingId] = await insert(
      staged,
      row(aId, { inputKeys: [bedroom], createdAt: new Date(t + 1000) }),
      row(aId, {
        type: 'video',
        generationType: 'video-render',
        mode: 'animate',
        inputKeys: [`users/${aId}/uploads/frame.png`],
        sourceGenerationId: staged.id!,
        outputImageKey: null,
        outputVideoKey: `users/${aId}/out/v.mp4`,
        createdAt: new Date(t + 2000),
      }),
      row(aId, { status: 'pending', inputKeys: [kitchen], createdAt: new Date(t + 3000) }),
    )
    for (const id of [stagedId, bedroomId, videoId, pendingId]) {
      const r = await a.request('PUT', `/api/user/generations/${id}/project`, { json: { projectId: p1 } })
      expect(r.status).toBe(200)
      expect(r.body.generation.projectId).toBe(p1)
    }
    const detail = (await a.get(`/api/user/projects/${p1}`)).body
    expect(detail.project.generations).toBe(4)
    expect(detail.sources).toHaveLength(2)
    // the kitchen photo: its staged result, the video made from it and the job still running
    expect(detail.sources[0].inputUrl).toContain('kitchen.jpg')
    expect(detail.sources[0].versions.map((g: { id: string }) => g.id)).toEqual([
      stagedId,
      videoId,
      pendingId,
    ])
    expect(detail.sources[1].versions.map((g: { id: string }) => g.id)).toEqual([bedroomId])

    const filtered = await a.get(`/api/user/generations?projectId=${p1}`)
    expect(filtered.body.generations.map((g: { id: string }) => g.id).sort()).toEqual(
      [stagedId, bedroomId, videoId, pendingId].sort(),
    )
    expect((await a.get('/api/user/generations?projectId=not-a-uuid')).status).toBe(400)

    // move: out of p1 into p2
    await a.request('PUT', `/api/user/generations/${bedroomId}/project`, { json: { projectId: p2 } })
    expect((await a.get(`/api/user/projects/${p1}`)).body.project.generations).toBe(3)
    expect((await a.get(`/api/user/generations?projectId=${p2}`)).body.generations[0].id).toBe(bedroomId)

    // copy: a second row in p2, the same file, costing nothing; the original stays in p1
    const before = (await a.get('/api/user/stats')).body.stats.totals.creditsSpent
    const copy = await a.post(`/api/user/generations/${stagedId}/copy`, { projectId: p2 })
    expect(copy.status).toBe(201)
    expect(copy.body.generation).toMatchObject({ projectId: p2, creditsCost: 0 })
    expect(copy.body.generation.id).not.toBe(stagedId)
    const original = (await a.get(`/api/user/generations/${stagedId}`)).body.generation
    expect(original.projectId).toBe(p1)
    expect(copy.body.generation.outputImageUrl).toBe(original.outputImageUrl)
    expect((await a.get('/api/user/stats')).body.stats.totals.creditsSpent).toBe(before)
    // a job still running cannot be copied
    expect((await a.post(`/api/user/generations/${pendingId}/copy`, { projectId: p2 })).status).toBe(409)

    // out of any project
    const out = await a.request('PUT', `/api/user/generations/${bedroomId}/project`, {
      json: { projectId: null },
    })
    expect(out.body.generation.projectId).toBeNull()

    // deleting a project keeps its generations in the gallery
    expect((await a.request('DELETE', `/api/user/projects/${p1}`)).status).toBe(200)
    expect((await a.get(`/api/user/projects/${p1}`)).status).toBe(404)
    const kept = await a.get(`/api/user/generations/${stagedId}`)
    expect(kept.status).toBe(200)
    expect(kept.body.generation.projectId).toBeNull()
  })
})
