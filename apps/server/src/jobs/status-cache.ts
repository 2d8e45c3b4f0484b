import { TtlLru } from '../lib/lru.ts'

/**
 * Answers of GET /user/generations/status, kept as ready JSON per user and id list. Browsers poll the same ids
 * every 5 s; the answer only changes when one of the user's jobs changes, and every such change is an event
 * (NOTIFY) that reaches this process's hub, which calls `invalidateUser`. A short time limit bounds any miss.
 */
export class StatusCache {
  private readonly entries = new TtlLru<string, string>(20_000, 30_000)
  private readonly versions = new Map<string, number>()

  private key(userId: string, ids: string[]): string {
    return `${userId}:${this.versions.get(userId) ?? 0}:${ids.join(',')}`
  }

  get(userId: string, ids: string[]): string | undefined {
    return this.entries.get(this.key(userId, ids))
  }

  set(userId: string, ids: string[], json: string): void {
    this.entries.set(this.key(userId, ids), json)
  }

  /** Older entries of this user become unreachable (and age out); no scan needed. */
  invalidateUser(userId: string): void {
    this.versions.set(userId, (this.versions.get(userId) ?? 0) + 1)
    if (this.versions.size > 100_000) this.versions.clear()
  }
}
