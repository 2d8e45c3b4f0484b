import { TtlLru } from '../lib/lru.ts'

/**
 * Answers of GET /user/generations/status, kept as ready JSON per user and id list. Browsers poll the same ids
 * every 5 s; the answer only changes when one of the user's jobs changes, and every such change is an event
 * (NOTIFY) that reaches this process's hub, which calls `invalidateUser`. A short time limit bounds any miss.
 *
 * Each user has a generation number drawn from one counter that only grows, and entries are keyed by it: an
 * invalidation makes older entries unreachable without a scan, and forgetting numbers (to bound memory) can
 * never make an old entry reachable again. A miss reads the number before querying and stores under it, so an
 * event that lands while the query runs leaves the answer stored under a number already out of date.
 */
export class StatusCache {
  constructor(private readonly maxUsers = 100_000) {}

  // keyed by the ids string alone, as parsed from the query (no per-request key to build and hash); the entry
  // says whose answer it is and under which number
  private readonly entries = new TtlLru<string, { userId: string; stamp: number; json: string }>(
    20_000,
    30_000,
  )
  private readonly generations = new Map<string, number>()
  private counter = 0
  /** the number of users not in the map: raised when the map is emptied */
  private floor = 0

  /** the user's current generation number: read it before querying, store the answer under it */
  stamp(userId: string): number {
    return this.generations.get(userId) ?? this.floor
  }

  /** `ids` is the query's ids string as sent: the same list in another order is another entry */
  get(userId: string, ids: string): string | undefined {
    const entry = this.entries.get(ids)
    return entry && entry.userId === userId && entry.stamp === this.stamp(userId) ? entry.json : undefined
  }

  set(userId: string, ids: string, json: string, stamp: number): void {
    if (stamp !== this.stamp(userId)) return
    this.entries.set(ids, { userId, stamp, json })
  }

  invalidateUser(userId: string): void {
    if (this.generations.size >= this.maxUsers) {
      this.generations.clear()
      this.floor = ++this.counter
    }
    this.generations.set(userId, ++this.counter)
  }
}
