// The server side of the export benchmark, in a process of its own so its memory is the server's alone: an
// API process on a fresh PGlite folder with one user holding 1,000 finished results (an input, an output and
// a thumbnail each in the blob store, a hold and a capture each in the ledger). It tells the parent where to
// download, samples its own memory every 10 ms, and reports the peaks when asked (docs/decisions/0074).
import { linkSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { idleApiServer } from './idle-api-server.ts'

const RESULTS = 1000

export interface ExportServerReady {
  url: string
  token: string
  files: number
  bytes: number
  baselineRssMb: number
  baselineHeapMb: number
}
export interface ExportServerPeaks {
  peakRssMb: number
  peakHeapMb: number
}

const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10

/** A 1024² picture that does not compress to nothing (a gradient with noise), as WebP and PNG. */
async function pictures() {
  const noise = await sharp({
    create: {
      width: 1024,
      height: 1024,
      channels: 3,
      background: '#777',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .blur(1.2)
    .toBuffer({ resolveWithObject: true })
  const raw = sharp(noise.data, { raw: noise.info })
  return {
    input: await raw.clone().resize(800, 800).png().toBuffer(),
    output: await raw.clone().webp({ quality: 85 }).toBuffer(),
    thumb: await raw.clone().resize(512, 512).webp({ quality: 75 }).toBuffer(),
  }
}

async function main() {
  const { dataDir, ctx, runtime, url, token, userId } = await idleApiServer('export')

  // the rows, written by the database itself
  const db = ctx.database
  await db.query(
    `insert into generations (id, user_id, type, generation_type, mode, status, progress, credits_cost, prompt,
       user_prompt, engine, model, payload, input_keys, output_image_key, thumbnail_key, processing_time_ms,
       metadata, created_at, started_at, completed_at, updated_at)
     select gen_random_uuid(), $1, 'image', 'sketch-render', 'sketch', 'completed', 1, 20,
       'a timber house by a lake, number ' || g, 'a timber house by a lake, number ' || g, 'local', 'local-v1',
       jsonb_build_object('v', 1, 'kind', 'sketch', 'prompt', 'a timber house by a lake'), '[]'::jsonb, null, null,
       1200, '{}'::jsonb, now() - g * interval '1 minute', now() - g * interval '1 minute',
       now() - g * interval '1 minute', now()
     from generate_series(1, ${RESULTS}) g`,
    [userId],
  )
  await db.query(
    `update generations set
       input_keys = jsonb_build_array('users/' || user_id || '/uploads/' || id || '.png'),
       output_image_key = 'users/' || user_id || '/' || id || '/output.webp',
       thumbnail_key = 'users/' || user_id || '/' || id || '/thumb.webp'
     where user_id = $1`,
    [userId],
  )
  await db.query(
    `insert into credit_transactions (id, user_id, kind, amount, held, balance_after, description, generation_id, created_at)
     select gen_random_uuid(), g.user_id, k.kind, case k.kind when 'hold' then -20 else 0 end,
       case k.kind when 'hold' then 20 else -20 end, 200, 'Sketch render', g.id,
       g.created_at + case k.kind when 'hold' then interval '0' else interval '1 second' end
     from generations g cross join (values ('hold'), ('capture')) k(kind) where g.user_id = $1`,
    [userId],
  )

  // the files: one set of bytes, hard-linked under every result's keys (the store reads them as any file)
  const pics = await pictures()
  const source = join(dataDir, 'bench-source')
  mkdirSync(source)
  const { writeFileSync } = await import('node:fs')
  for (const [name, bytes] of Object.entries(pics)) writeFileSync(join(source, name), bytes)
  const rows = await db.query<{ id: string }>('select id from generations where user_id = $1', [userId])
  const files = join(dataDir, 'files', 'users', userId)
  mkdirSync(join(files, 'uploads'), { recursive: true })
  for (const { id } of rows) {
    mkdirSync(join(files, id))
    linkSync(join(source, 'input'), join(files, 'uploads', `${id}.png`))
    linkSync(join(source, 'output'), join(files, id, 'output.webp'))
    linkSync(join(source, 'thumb'), join(files, id, 'thumb.webp'))
  }
  const bytes = RESULTS * (pics.input.length + pics.output.length + pics.thumb.length)

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

  const ready: ExportServerReady = {
    url,
    token,
    files: RESULTS * 3,
    bytes,
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
      const peaks: ExportServerPeaks = { peakRssMb: mb(peakRss), peakHeapMb: mb(peakHeap) }
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
