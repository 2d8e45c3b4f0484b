import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import type { Logger } from 'pino'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

type NotificationHandler = (payload: string) => void

/**
 * The one database handle: Drizzle over PGlite (embedded, in DATA_DIR/db) or node-postgres (DATABASE_URL),
 * plus LISTEN/NOTIFY, which both speak. The same SQL runs on both.
 */
export interface Database {
  readonly kind: 'pglite' | 'postgres'
  readonly db: Db
  /** raw SQL with $1 parameters; rows come back as plain objects */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>
  ping(timeoutMs?: number): Promise<boolean>
  close(): Promise<void>
}

export async function openDatabase(
  options: { databaseUrl?: string; pgliteDir: string; poolSize?: number },
  log?: Logger,
): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, log)
    : openPglite(options.pgliteDir)
}

async function openPglite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true })
  // pg_trgm: the gallery's prompt search index (migration 0001); PostgreSQL servers ship it as contrib
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } })
  const db = drizzlePglite({ client, schema }) as unknown as Db
  let closed = false
  return {
    kind: 'pglite',
    db,
    async query<T>(text: string, params: unknown[] = []) {
      const r = await client.query<T>(text, params)
      return r.rows
    },
    async listen(channel, handler) {
      const unsub = await client.listen(channel, handler)
      return async () => {
        if (!closed) await unsub()
      }
    },
    async ping(timeoutMs = 5000) {
      return withTimeout(
        client.query('select 1').then(() => true),
        timeoutMs,
      ).catch(() => false)
    },
    async close() {
      if (closed) return
      closed = true
      await client.close()
    },
  }
}

async function openPostgres(url: string, poolSize: number, log?: Logger): Promise<Database> {
  // a database that is away, or traffic silently dropped, fails a request within these bounds rather than
  // hanging it: the API answers 503 and the worker waits and retries (db/unavailable.ts)
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 4_000,
    query_timeout: 10_000,
    keepAlive: true,
  })
  pool.on('error', (err) => log?.warn({ err }, 'idle PostgreSQL connection failed'))
  // fail fast with a clear message when the server is not there
  const probe = await pool.connect()
  probe.release()
  const db = drizzlePg({ client: pool, schema }) as unknown as Db
  const listener = new PgListener(url, log)
  return {
    kind: 'postgres',
    db,
    async query<T>(text: string, params: unknown[] = []) {
      const r = await pool.query(text, params)
      return r.rows as T[]
    },
    listen: (channel, handler) => listener.listen(channel, handler),
    async ping(timeoutMs = 5000) {
      return withTimeout(
        pool.query('select 1').then(() => true),
        timeoutMs,
      ).catch(() => false)
    },
    async close() {
      await listener.close()
      await pool.end()
    },
  }
}

/** One dedicated connection for LISTEN, reconnecting with backoff and re-subscribing after a drop. */
class PgListener {
  private client: pg.Client | null = null
  private connecting: Promise<pg.Client> | null = null
  private readonly handlers = new Map<string, Set<NotificationHandler>>()
  private closed = false

  constructor(
    private readonly url: string,
    private readonly log?: Logger,
  ) {}

  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel)
    const first = !set
    if (!set) {
      set = new Set()
      this.handlers.set(channel, set)
    }
    set.add(handler)
    const client = await this.connect()
    if (first) await client.query(`LISTEN ${quoteIdent(channel)}`)
    return async () => {
      set.delete(handler)
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel)
        await this.client?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {})
      }
    }
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client)
    if (!this.connecting) {
      this.connecting = (async () => {
        const client = new pg.Client({ connectionString: this.url })
        await client.connect()
        client.on('notification', (msg) => {
          for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '')
        })
        client.on('error', (err) => {
          this.log?.warn({ err }, 'LISTEN connection lost; reconnecting')
          this.client = null
          client.end().catch(() => {})
          void this.reconnect()
        })
        for (const channel of this.handlers.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`)
        this.client = client
        return client
      })().finally(() => {
        this.connecting = null
      })
    }
    return this.connecting
  }

  private async reconnect(): Promise<void> {
    for (let delay = 200; !this.closed && !this.client; delay = Math.min(delay * 2, 5000)) {
      await new Promise((r) => setTimeout(r, delay))
      try {
        await this.connect()
      } catch (err) {
        this.log?.warn({ err }, 'LISTEN reconnect failed')
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true
    await this.client?.end().catch(() => {})
    this.client = null
  }
}

function quoteIdent(s: string): string {
  return `"${s.replace(/"/g, '""')}"`
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timeout')), ms)
    p.then(
      (v) => {
        clearTimeout(t)
        resolve(v)
      },
      (e) => {
        clearTimeout(t)
        reject(e)
      },
    )
  })
}

/** Rows of a `db.execute()` result; PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}
