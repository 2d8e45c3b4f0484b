import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rectMask, roomJpeg, sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { balance, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'
import { readEvents } from './helpers/sse.ts'

let server: TestServer
let api: Api
let sketch: Buffer
let room: Buffer

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_CREDITS: '2000' } })
  api = new Api(server.url)
  await api.signUp()
  ;[sketch, room] = await Promise.all([sketchPng(), roomJpeg()])
})
afterAll(() => server.close())

describe('a render from request to result', () => {
  it('a sketch render goes pending → completed, with its facts, files for the owner only, and 20 credits taken', async () => {
    const before = await balance(api)
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a house on a hill' }, { sketch }),
    )
    expect(r.status).toBe(202)
    const [g] = await waitForJobs(api, [r.body.generation.id])
    expect(g).toMatchObject({ status: 'completed', engine: 'local', progress: 1 })
    expect(g!.model).toBeTruthy()
    expect(g!.processingTime).toBeGreaterThan(0)
    expect(g!.completedAt).toBeTruthy()
    expect(g!.outputImageUrl).toMatch(/^\/api\/files\/users\/.+\/output\.(png|jpg|webp)$/)
    expect(g!.thumbnailUrl).toMatch(/thumb\.webp$/)
    expect(await balance(api)).toBe(before - 20)

    const own = await fetch(`${server.url}${g!.outputImageUrl}`, {
      headers: { authorization: `Bearer ${api.token}` },
    })
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toMatch(/^image\//)
    const other = new Api(server.url)
    await other.signUp()
    const theirs = await fetch(`${server.url}${g!.outputImageUrl}`, {
      headers: { authorization: `Bearer ${other.token}` },
    })
    expect(theirs.status).toBe(404)
    expect((await fetch(`${server.url}${g!.outputImageUrl}`)).status).toBe(404)
    // another user's generation answers 404 on every route
    expect((await other.get(`/api/user/generations/${g!.id}`)).status).toBe(404)
    expect((await other.request('DELETE', `/api/user/generations/${g!.id}`)).status).toBe(404)
    expect(
      (await other.request('PATCH', `/api/user/generations/${g!.id}/favorite`, { json: { favorite: true } }))
        .status,
    ).toBe(404)
    expect((await other.get(`/api/user/generations/status?ids=${g!.id}`)).body.generations).toEqual([])
  })

  it('multi-angle: every angle completes as its own result of the batch', async () => {
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'multi-angle', userPrompt: 'a villa', angles: 'front,aerial' }, { sketch }),
    )
    const done = await waitForJobs(
      api,
      r.body.generations.map((g: any) => g.id),
    )
    expect(done.map((g) => g.status)).toEqual(['completed', 'completed'])
    expect(done.every((g) => g.batchId === r.body.batchId)).toBe(true)
  })

  it('home staging runs cleaning then staging and keeps the cleaned image', async () => {
    const r = await api.postForm(
      '/api/render/start',
      form(
        {
          generationType: 'home-staging',
          roomType: 'living-room',
          stagingStyle: 'scandinavian',
          stagingOptions: 'removeClutter,addLighting',
        },
        { image: room },
      ),
    )
    expect(r.body.generation.creditsCost).toBe(40)
    const [g] = await waitForJobs(api, [r.body.generation.id])
    expect(g!.status).toBe('completed')
    const meta = g!.metadata as any
    expect(meta.phases).toEqual({ cleaning: 'completed', staging: 'completed' })
    expect(meta.cleanedImageUrl).toMatch(/cleaned\.(png|jpg|webp)$/)
    expect(meta.cleanedImageUrl).not.toBe(g!.outputImageUrl)
  })

  it('inpaint and animate run end to end; the video has a poster and its duration', async () => {
    const mask = await rectMask(640, 480, { left: 70, top: 250, width: 200, height: 110 })
    const inpaint = await api.postForm(
      '/api/render/inpainting',
      form({ prompt: 'remove the sofa' }, { image: room, maskData: mask }),
    )
    expect(inpaint.status).toBe(202)
    const video = await api.postForm(
      '/api/render/animate',
      form({ description: 'slow push in', duration: '6', cameraMovement: 'zoom_in' }, { image: room }),
    )
    expect(video.body.generation).toMatchObject({
      type: 'video',
      generationType: 'video-render',
      creditsCost: 200,
    })
    const [i, v] = await waitForJobs(api, [inpaint.body.generation.id, video.body.generation.id], 90_000)
    expect(i!.status).toBe('completed')
    expect(v!.status).toBe('completed')
    expect(v!.outputVideoUrl).toMatch(/output\.mp4$/)
    expect((v!.metadata as any).duration).toBe(6)
    const res = await fetch(`${server.url}${v!.outputVideoUrl}`, {
      headers: { authorization: `Bearer ${api.token}`, range: 'bytes=0-99' },
    })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-type')).toBe('video/mp4')
    expect((await res.arrayBuffer()).byteLength).toBe(100)
  })

  it('a new job can start from an earlier result and links back to it', async () => {
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a barn' }, { sketch }),
    )
    const [src] = await waitForJobs(api, [r.body.generation.id])
    const edit = await api.post('/api/render/animate', {
      sourceGenerationId: src!.id,
      description: 'orbit',
      cameraMovement: 'orbit',
    })
    expect(edit.status).toBe(202)
    expect(edit.body.generation.sourceGenerationId).toBe(src!.id)
    const json = await api.post('/api/render/animate', {
      imageUrl: src!.outputImageUrl,
      description: 'pan',
      cameraMovement: 'pan_left',
    })
    expect(json.status).toBe(202)
    await waitForJobs(api, [edit.body.generation.id, json.body.generation.id], 90_000)
  })
})

describe('live status over Server-Sent Events', () => {
  it('streams created, completed and balance events to the owner, and resumes from Last-Event-ID', async () => {
    const stream = readEvents(server.url, api.token!)
    await stream.next('ready')
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'live' }, { sketch }),
    )
    const id = r.body.generation.id
    const created = await stream.next('generation.created', (d) => d.id === id)
    expect(created.data.status).toBe('pending')
    const completed = await stream.next('generation.completed', (d) => d.id === id)
    expect(completed.data.outputImageUrl).toBeTruthy()
    stream.close()

    // reconnect from the creation event: the completion is replayed
    const again = readEvents(server.url, api.token!, created.id)
    const replayed = await again.next('generation.completed', (d) => d.id === id)
    expect(replayed.id).toBe(completed.id)
    again.close()
  })

  it('does not stream one user’s events to another', async () => {
    const other = new Api(server.url)
    await other.signUp()
    const stream = readEvents(server.url, other.token!)
    await stream.next('ready')
    await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'private' }, { sketch }),
    )
    await expect(stream.next('generation.created', undefined, 1500)).rejects.toThrow(/timed out/)
    stream.close()
  })

  it('refuses the stream without a session', async () => {
    expect((await fetch(`${server.url}/api/events`)).status).toBe(401)
  })
})

describe('the gallery calls', () => {
  it('pages by keyset, filters, favourites, soft-deletes and counts', async () => {
    const u = new Api(server.url)
    await u.signUp()
    await server.ctx.database.query('update users set credits = 1000 where email = $1', [
      (await u.get('/api/user/profile')).body.user.email,
    ])
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      const r = await u.postForm(
        '/api/render/start',
        form({ generationType: 'sketch-render', userPrompt: `house ${i}` }, { sketch }),
      )
      ids.push(r.body.generation.id)
    }
    const stats = (await u.get('/api/user/stats')).body.stats
    expect(stats.inProgress.sketchRender + stats.totals.completed).toBeGreaterThanOrEqual(5)
    await waitForJobs(u, ids)

    const p1 = await u.get('/api/user/generations?limit=2')
    expect(p1.body.generations.map((g: any) => g.id)).toEqual([ids[4], ids[3]])
    const p2 = await u.get(`/api/user/generations?limit=2&cursor=${p1.body.nextCursor}`)
    expect(p2.body.generations.map((g: any) => g.id)).toEqual([ids[2], ids[1]])
    const p3 = await u.get(`/api/user/generations?limit=2&cursor=${p2.body.nextCursor}`)
    expect(p3.body.generations.map((g: any) => g.id)).toEqual([ids[0]])
    expect(p3.body.nextCursor).toBeNull()
    expect((await u.get('/api/user/generations?cursor=garbage')).status).toBe(400)
    expect((await u.get('/api/user/generations?limit=101')).status).toBe(400)

    const fav = await u.request('PATCH', `/api/user/generations/${ids[1]}/favorite`, {
      json: { favorite: true },
    })
    expect(fav.body.generation.favorite).toBe(true)
    expect(
      (await u.get('/api/user/generations?favorite=true')).body.generations.map((g: any) => g.id),
    ).toEqual([ids[1]])
    expect((await u.get('/api/user/generations?q=house%203')).body.generations.map((g: any) => g.id)).toEqual(
      [ids[3]],
    )
    expect((await u.get('/api/user/generations?generationType=video-render')).body.generations).toEqual([])

    expect((await u.request('DELETE', `/api/user/generations/${ids[2]}`)).status).toBe(200)
    const after = (await u.get('/api/user/generations')).body.generations.map((g: any) => g.id)
    expect(after).not.toContain(ids[2])
    expect(after).toHaveLength(4)
    expect((await u.request('DELETE', `/api/user/generations/${ids[2]}`)).status).toBe(404)

    const s = (await u.get('/api/user/stats')).body.stats
    expect(s).toMatchObject({
      inProgress: { chatEdit: 0, video: 0, sketchRender: 0, homeStaging: 0 },
      totalInProgress: 0,
    })
    expect(s.totals).toMatchObject({ generations: 4, images: 4, videos: 0, favorites: 1, completed: 4 })
  })

  it('deleting a job that has not started cancels and refunds it', async () => {
    const u = new Api(server.url)
    await u.signUp()
    // stop this server's worker from taking it first: insert straight into the queue far in the future
    const r = await u.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'later' }, { sketch }),
    )
    await server.ctx.database.query(
      `update generations set run_after = now() + interval '1 hour', status = 'pending' where id = $1 and status = 'pending'`,
      [r.body.generation.id],
    )
    const status = (await u.get(`/api/user/generations/status?ids=${r.body.generation.id}`)).body
      .generations[0].status
    expect((await u.request('DELETE', `/api/user/generations/${r.body.generation.id}`)).status).toBe(200)
    if (status === 'pending') expect(await balance(u)).toBe(2000)
  })
})
