// Seeding for the gallery benchmark: a dedicated PostgreSQL database holding 1,000,000 generations for 100
// users (one of them with 100,000), written by generate_series in the database itself (a minute, not an hour
// of INSERTs from Node), then analysed so the planner sees the real distribution.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

export interface BenchDatabase {
  url: string
  drop(): Promise<void>
}

export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `parti_bench_gallery_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

const PROMPTS = [
  'modern villa by a lake with a flat roof',
  'timber pavilion in a birch forest',
  'brick terrace houses with green doors',
  'loft kitchen with concrete worktops',
  'concrete museum with a sky-lit atrium',
  'scandinavian living room with oak floor',
  'coastal cottage at golden hour',
  'office lobby with a living wall',
]

/**
 * Rows for `userId`: `count` generations spread `stepSeconds` apart back from now, in the mix a studio makes
 * (one in ten a video; sketches, angles, staging, edits), with a few favourites, failures and deletions.
 * `keys(g)` may name real thumbnail files (the browser run); otherwise the keys are plausible strings.
 */
function generationsSql(count: number, stepSeconds: number, keyExpr: string) {
  return `
    insert into generations (id, user_id, type, generation_type, mode, status, progress, credits_cost, deleted,
      favorite, prompt, user_prompt, enhanced_prompt, engine, model, payload, input_keys, output_image_key,
      thumbnail_key, output_video_key, processing_time_ms, metadata, created_at, started_at, completed_at, updated_at)
    select gen_random_uuid(), u.id,
      case when g % 10 = 0 then 'video' else 'image' end,
      case g % 10 when 0 then 'video-render' when 1 then 'home-staging' when 2 then 'chat-edit'
        when 3 then 'chat-edit' else 'sketch-render' end,
      case g % 10 when 0 then 'animate' when 1 then 'staging' when 2 then 'magic-edit' when 3 then 'inpaint'
        when 4 then 'multi-angle' else 'sketch' end,
      case when g % 400 = 7 then 'failed' else 'completed' end,
      1, case when g % 10 = 0 then 200 else 20 end,
      g % 53 = 11, g % 23 = 5,
      p.prompt || ' ' || g, p.prompt || ' ' || g, p.prompt || ', architectural visualisation',
      'local', 'local-sketch-v1', '{"v":1}'::jsonb, '[]'::jsonb,
      ${keyExpr} || '.png', ${keyExpr} || '-thumb.webp',
      case when g % 10 = 0 then ${keyExpr} || '.mp4' end,
      300 + g % 900,
      case when g % 10 = 0 then '{"duration":6,"cameraMovement":"zoom_in","width":1280,"height":720}'::jsonb
        else '{"width":1024,"height":768}'::jsonb end,
      now() - make_interval(secs => g * ${stepSeconds}),
      now() - make_interval(secs => g * ${stepSeconds}),
      now() - make_interval(secs => g * ${stepSeconds} - 1),
      now() - make_interval(secs => g * ${stepSeconds} - 1)
    from users u, generate_series(1, ${count}) g,
      lateral (select (array[${PROMPTS.map((p) => `'${p}'`).join(',')}])[1 + (g % ${PROMPTS.length})] as prompt) p
    where u.id = $1`
}

/**
 * 1,000,000 rows: `heavyUserId` gets 100,000 (one every 5 minutes, about a year), 99 other users 9,091 each
 * (one an hour). Returns the seconds it took.
 */
export async function seedMillion(url: string, heavyUserId: string): Promise<number> {
  const started = Date.now()
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    await c.query(`
      insert into users (id, email, credits)
      select gen_random_uuid(), 'bench-gallery-' || g || '@parti.test', 0 from generate_series(1, 99) g`)
    const others = await c.query<{ id: string }>(`select id from users where email like 'bench-gallery-%'`)
    await c.query(generationsSql(100_000, 300, `'users/' || u.id || '/bench/' || g`), [heavyUserId])
    for (const o of others.rows) {
      await c.query(generationsSql(9_091, 3600, `'users/' || u.id || '/bench/' || g`), [o.id])
    }
    await c.query('vacuum analyze generations')
  } finally {
    await c.end()
  }
  return (Date.now() - started) / 1000
}

/** `count` rows for the browser run, with thumbnail and output keys that exist in the blob store. */
export async function seedBrowserUser(url: string, userId: string, count: number, files: number) {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    await c.query(
      generationsSql(count, 600, `'users/' || u.id || '/bench/' || (g % ${files})`).replace(
        "case when g % 400 = 7 then 'failed' else 'completed' end",
        "'completed'",
      ),
      [userId],
    )
    await c.query(`update generations set deleted = false where user_id = $1`, [userId])
    await c.query('analyze generations')
  } finally {
    await c.end()
  }
}

/** How PostgreSQL runs the first gallery page of the heavy user: the index it uses and its execution time. */
export async function explainFirstPage(url: string, userId: string): Promise<string> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    const r = await c.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers off) select * from generations
       where user_id = $1 and deleted = false order by created_at desc nulls last, id desc nulls last limit 101`,
      [userId],
    )
    const lines = r.rows.map((x) => x['QUERY PLAN'])
    const index = lines.find((l) => /Index Scan/.test(l))?.match(/using (\w+)/)?.[1] ?? 'no index'
    const time = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?'
    return `${index}, ${time} in the database`
  } finally {
    await c.end()
  }
}
