/** A small LRU map with a time limit per entry (Map keeps insertion order; re-inserting moves to the end). */
export class TtlLru<K, V> {
  private readonly map = new Map<K, { value: V; expires: number }>()
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
  ) {}

  get(key: K, now = Date.now()): V | undefined {
    const hit = this.map.get(key)
    if (!hit) return undefined
    if (hit.expires <= now) {
      this.map.delete(key)
      return undefined
    }
    this.map.delete(key)
    this.map.set(key, hit)
    return hit.value
  }

  set(key: K, value: V, now = Date.now()): void {
    this.map.delete(key)
    this.map.set(key, { value, expires: now + this.ttlMs })
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K)
  }

  delete(key: K): void {
    this.map.delete(key)
  }

  /** Drop every entry whose value matches (a scan: for rare events, not per request). */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, hit] of this.map) if (matches(hit.value)) this.map.delete(key)
  }

  clear(): void {
    this.map.clear()
  }

  get size(): number {
    return this.map.size
  }
}
