// The server side of the MLS export benchmark, in a process of its own so its memory is the server's alone: an
// API process on a fresh PGlite folder with one user's project of 20 staged rooms, each a phone photo as
// uploaded (4032×3024 JPEG) and its staged result at the same size. It tells the parent where to export,
// samples its own memory every 10 ms, and reports the peaks when asked (the account export's pattern).
import { linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { idleApiServer } from './idle-api-server.ts'

const PHOTOS = 20
const W = 4032
const H = 3024

export interface MlsServerReady {
  url: string
  token: string
  projectId: string
  photos: number
  width: number
  height: number
  photoBytes: number
  stagedBytes: number
  baselineRssMb: number
  baselineHeapMb: number
}
export interface MlsServerPeaks {
  peakRssMb: number
  peakHeapMb: number
}

const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10

/** A 12 MP photo-like JPEG: gradients and noise, so it weighs what a phone's photo weighs, not a flat fill. */
async function photo(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3)
  let s = seed * 2654435761
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      s = (s * 1103515245 + 12345) >>> 0
      const n = (s >>> 24) & 31
      const i = (y * W + x) * 3
      raw[i] = ((x >> 4) + n + seed * 20) & 255
      raw[i + 1] = ((y >> 4) + n) & 255
      raw[i + 2] = (((x + y) >> 5) + n) & 255
    }
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

async function main() {
  const { dataDir, ctx, runtime, url, token, userId } = await idleApiServer('mls')
  const created = await fetch(`${url}/api/user/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: '20 Bench Street', boardId: 'rmls' }),
  })
  const projectId = ((await created.json()) as { project: { id: string } }).project.id

  // 20 finished staging jobs of the project, a second apart, written by the database itself
  const db = ctx.database
  await db.query(
    `insert into generations (id, user_id, project_id, type, generation_type, mode, status, progress, credits_cost,
       prompt, user_prompt, engine, model, payload, input_keys, output_image_key, processing_time_ms, metadata,
       created_at, started_at, completed_at, updated_at)
     select gen_random_uuid(), $1, $2, 'image', 'home-staging', 'staging', 'completed', 1, 40,
       'a Scandinavian living room', '', 'local', 'local-v1',
       jsonb_build_object('v', 1, 'kind', 'staging'), '[]'::jsonb, null, 9000,
       jsonb_build_object('stagingStyle', 'scandinavian', 'roomType', 'living-room',
         'stagingOptions', jsonb_build_array('addFurniture'),
         'phases', jsonb_build_object('cleaning', 'completed', 'staging', 'completed'),
         'fidelity', jsonb_build_object('method', 'structure', 'score', 0.8, 'tolerancePx', 3, 'threshold', 0.3)),
       now() - (${PHOTOS} - g) * interval '1 second', now(), now(), now()
     from generate_series(1, ${PHOTOS}) g`,
    [userId, projectId],
  )
  await db.query(
    `update generations set
       input_keys = jsonb_build_array('users/' || user_id || '/uploads/' || id || '.jpg'),
       output_image_key = 'users/' || user_id || '/' || id || '/output.jpg'
     where user_id = $1`,
    [userId],
  )

  // the files: one photo and one staged picture, hard-linked under every job's keys
  const [original, staged] = await Promise.all([photo(1), photo(2)])
  const source = join(dataDir, 'bench-source')
  mkdirSync(source)
  writeFileSync(join(source, 'original.jpg'), original)
  writeFileSync(join(source, 'staged.jpg'), staged)
  const rows = await db.query<{ id: string }>('select id from generations where user_id = $1', [userId])
  const files = join(dataDir, 'files', 'users', userId)
  mkdirSync(join(files, 'uploads'), { recursive: true })
  for (const { id } of rows) {
    mkdirSync(join(files, id))
    linkSync(join(source, 'original.jpg'), join(files, 'uploads', `${id}.jpg`))
    linkSync(join(source, 'staged.jpg'), join(files, id, 'output.jpg'))
  }

  global.gc?.()
  await new Promise((r) => setTimeout(r, 200))
  global.gc?.()
  const base = process.memoryUsage()
  let peakRss = base.rss
  let peakHeap = base.heapUsed
  const sampler = setInterval(() => {
    const m = process.memoryUsage()
    peakRss = Math.max(peakRss, m.rss)
    peakHeap = Math.max(peakHeap, m.heapUsed)
  }, 10)

  const ready: MlsServerReady = {
    url,
    token,
    projectId,
    photos: PHOTOS,
    width: W,
    height: H,
    photoBytes: original.length,
    stagedBytes: staged.length,
    baselineRssMb: mb(base.rss),
    baselineHeapMb: mb(base.heapUsed),
  }
  process.send!({ type: 'ready', ready })
  process.on('message', async (message: { type: string }) => {
    if (message.type === 'reset') {
      global.gc?.()
      peakRss = process.memoryUsage().rss
      peakHeap = process.memoryUsage().heapUsed
      process.send!({ type: 'reset' })
    }
    if (message.type === 'report') {
      const peaks: MlsServerPeaks = { peakRssMb: mb(peakRss), peakHeapMb: mb(peakHeap) }
      process.send!({ type: 'peaks', peaks })
    }
    if (message.type === 'stop') {
      clearInterval(sampler)
      await runtime.stop()
      await ctx.database.close()
      rmSync(dataDir, { recursive: true, force: true })
      process.exit(0)
    }
  })
}

await main()
