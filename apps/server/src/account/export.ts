import { Readable } from 'node:stream'
import { asc, eq, getTableColumns } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Logger } from 'pino'
import { ZipFile } from 'yazl'
import { toProfile } from '../auth/profile.ts'
import type { DbOrTx } from '../db/client.ts'
import { pagesOf, userFolder, userTables } from '../db/repos/account.ts'
import { findUserById } from '../db/repos/users.ts'
import * as schema from '../db/schema.ts'
import { AppError } from '../domain/errors.ts'
import type { BlobStore } from '../storage/types.ts'

/** Columns that are secrets of the service, not data of the user: never exported. */
const SECRET_COLUMNS = new Set(['password_hash', 'token_hash'])

/** Tables with a file of their own in the export; every other table of the user goes under other/. */
const OWN_FILES = new Set<PgTable>([
  schema.users,
  schema.creditTransactions,
  schema.generations,
  schema.conversations,
  schema.messages,
])

const README = `Your Parti data

profile.json        your account as Parti shows it (e-mail, name, plan, credits)
credits.json        every change to your credits: grants, purchases, subscriptions, holds, captures, releases,
                    debits and refunds, with the balance after each
generations.json    every image and video job with its settings, status and the keys of its files
conversations.json  your Ask Parti conversations with their messages
other/*.json        everything else kept under your account: sign-in methods, browser sessions and API keys
                    (names and dates, never the secret), subscriptions, checkouts, contact messages, consent
files/              every file of yours Parti stores: uploads, results, thumbnails, videos. A key in the JSON
                    files such as users/<your id>/<job id>/output.png is the file files/<job id>/output.png
                    A result (image or video) carries its Content Credentials, a signed C2PA manifest of how
                    Parti made it; the verify page of Parti reads one
`

/**
 * The export of docs/product.md#data-rights (docs/decisions/0074-streamed-export.md): one zip written as it is
 * read. Tables are read a page at a time and files one at a time straight from the blob store, so memory does
 * not grow with the account. One export at a time per user in this process: a second one while the first
 * still streams answers 429.
 */
export class AccountExport {
  private readonly running = new Set<string>()

  constructor(
    private readonly db: DbOrTx,
    private readonly blobs: BlobStore,
    private readonly log: Logger,
    /**
     * The key to put in the zip for a stored file: a generation's result leaves with its Content Credentials
     * (the signed copy, made now if no download made it before: docs/decisions/0113-c2pa-signing-at-download.md)
     */
    private readonly leaving: (key: string) => Promise<string> = async (key) => key,
  ) {}

  /** Whether an export of this user is streaming now (for tests and the bench). */
  isRunning(userId: string): boolean {
    return this.running.has(userId)
  }

  async start(userId: string): Promise<Readable> {
    if (this.running.has(userId))
      throw new AppError('rate_limited', 'An export of this account is already being prepared', {
        retryAfterSeconds: 30,
      })
    const user = await findUserById(this.db, userId)
    if (!user) throw new AppError('unauthorized')
    this.running.add(userId)
    const zip = new ZipFile()
    const output = zip.outputStream as Readable
    let done = false
    const release = () => {
      done = true
      this.running.delete(userId)
    }
    output.once('close', release)
    output.once('end', release)
    output.once('error', release)

    const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`)
    zip.addBuffer(Buffer.from(README), 'README.txt')
    zip.addBuffer(json({ exportedAt: new Date().toISOString(), user: toProfile(user) }), 'profile.json')
    const byUser = (t: { userColumn: Parameters<typeof eq>[0] }) => eq(t.userColumn, userId)
    const tables = userTables()
    const tableOf = (table: PgTable) => tables.find((t) => t.table === table)!
    zip.addReadStreamLazy('credits.json', (cb) =>
      cb(null, this.jsonArray(schema.creditTransactions, byUser(tableOf(schema.creditTransactions)))),
    )
    zip.addReadStreamLazy('generations.json', (cb) =>
      cb(null, this.jsonArray(schema.generations, byUser(tableOf(schema.generations)))),
    )
    zip.addReadStreamLazy('conversations.json', (cb) => cb(null, this.conversations(userId)))
    for (const t of tables) {
      if (OWN_FILES.has(t.table)) continue
      zip.addReadStreamLazy(`other/${t.name}.json`, (cb) => cb(null, this.jsonArray(t.table, byUser(t))))
    }

    // the files: listed from the blob store itself (every file under the user's folder, whatever row names it)
    const folder = userFolder(userId)
    void (async () => {
      for await (const key of this.blobs.list(folder)) {
        if (done) return
        // signed copies are listed too: they are what a result's own entry becomes below, not files of their own
        if (/^[^/]+\/signed\//.test(key.slice(folder.length))) continue
        zip.addReadStreamLazy(`files/${key.slice(folder.length)}`, { compress: false }, (cb) => {
          this.leaving(key)
            .catch((err: unknown) => {
              this.log.warn({ err, key }, 'export: signing failed, the file goes as stored')
              return key
            })
            .then((k) => this.blobs.stream(k))
            .then(
              // a file deleted since the listing (a result swept meanwhile) is an empty entry, not a failure
              (stream) => cb(null, stream ?? Readable.from([])),
              (err: Error) => cb(err, undefined as never),
            )
        })
      }
      zip.end()
    })().catch((err: unknown) => {
      this.log.error({ err, userId }, 'export failed while listing files')
      output.destroy(err as Error)
    })
    return output
  }

  /** A JSON array of a table's rows of this user, written a page at a time. */
  private jsonArray(table: PgTable, where: ReturnType<typeof eq>): Readable {
    const db = this.db
    const columns = getTableColumns(table)
    const secret = Object.entries(columns)
      .filter(([, c]) => SECRET_COLUMNS.has(c.name))
      .map(([k]) => k)
    const keyed = 'createdAt' in columns && 'id' in columns
    async function* rows() {
      if (keyed) yield* pagesOf(db, table as never, where)
      else yield (await db.select().from(table).where(where)) as Record<string, unknown>[]
    }
    return Readable.from(
      (async function* () {
        yield Buffer.from('[')
        let first = true
        for await (const page of rows()) {
          const chunk = (page as Record<string, unknown>[])
            .map((row) => {
              for (const k of secret) delete row[k]
              const text = `${first ? '' : ','}\n  ${JSON.stringify(row)}`
              first = false
              return text
            })
            .join('')
          yield Buffer.from(chunk)
        }
        yield Buffer.from(first ? ']\n' : '\n]\n')
      })(),
      { objectMode: false },
    )
  }

  /** The user's conversations, each with its messages in order. */
  private conversations(userId: string): Readable {
    const db = this.db
    return Readable.from(
      (async function* () {
        const list = await db
          .select()
          .from(schema.conversations)
          .where(eq(schema.conversations.userId, userId))
          .orderBy(asc(schema.conversations.createdAt))
        yield Buffer.from('[')
        for (const [i, c] of list.entries()) {
          const messages = await db
            .select()
            .from(schema.messages)
            .where(eq(schema.messages.conversationId, c.id))
            .orderBy(asc(schema.messages.createdAt), asc(schema.messages.id))
          yield Buffer.from(`${i ? ',' : ''}\n  ${JSON.stringify({ ...c, messages })}`)
        }
        yield Buffer.from(list.length ? '\n]\n' : ']\n')
      })(),
      { objectMode: false },
    )
  }
}
