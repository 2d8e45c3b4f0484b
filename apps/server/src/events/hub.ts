import type { Logger } from 'pino'
import { evictSession, SESSIONS_CHANNEL } from '../auth/session-cache.ts'
import type { Database } from '../db/client.ts'
import { EVENTS_CHANNEL, eventById, type UserEvent } from '../db/repos/events.ts'

type Listener = (event: UserEvent) => void

/**
 * One LISTEN per process, fanned out to that process's SSE clients by user. Events reach every API process
 * whichever process (or worker) caused them: PostgreSQL's NOTIFY is the bus, nothing is held in one process.
 */
export class EventHub {
  private readonly listeners = new Map<string, Set<Listener>>()
  private readonly anyUserListeners = new Set<(userId: string) => void>()
  private unlisteners: Array<() => Promise<void>> = []

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.unlisteners = [
      await this.database.listen(EVENTS_CHANNEL, (payload) => void this.dispatch(payload)),
      // a sign-out or a revoked API key in any process ends the token's cached copy here too, and a plan
      // change every token of its user (docs/decisions/0065-api-keys-hashed-sessions.md)
      await this.database.listen(SESSIONS_CHANNEL, evictSession),
    ]
  }

  async stop(): Promise<void> {
    for (const u of this.unlisteners) await u()
    this.listeners.clear()
  }

  /** Called for every user's every event in this process (cache invalidation), before SSE delivery. */
  onAnyUserEvent(listener: (userId: string) => void): void {
    this.anyUserListeners.add(listener)
  }

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId)
    if (!set) {
      set = new Set()
      this.listeners.set(userId, set)
    }
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0) this.listeners.delete(userId)
    }
  }

  get connections(): number {
    let n = 0
    for (const s of this.listeners.values()) n += s.size
    return n
  }

  private async dispatch(payload: string): Promise<void> {
    let msg: UserEvent & { ref?: boolean }
    try {
      msg = JSON.parse(payload)
    } catch {
      return
    }
    for (const l of this.anyUserListeners) l(msg.userId)
    const set = this.listeners.get(msg.userId)
    if (!set?.size) return
    let event: UserEvent | null = msg
    if (msg.ref) {
      event = await eventById(this.database.db, msg.id).catch((err) => {
        this.log.warn({ err }, 'could not read a large event')
        return null
      })
    }
    if (!event) return
    for (const l of set) l(event)
  }
}
