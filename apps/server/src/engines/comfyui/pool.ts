import type { Logger } from 'pino'
import { sleep } from '../shared/http.ts'
import type { ComfyServer } from './client.ts'

interface Member {
  server: ComfyServer
  /** a job of this process runs there */
  busy: boolean
  /** unreachable until then */
  downUntil: number
  lastUsed: number
}

export interface PoolOptions {
  /** how long a server that stopped answering is left alone */
  downForMs: number
  /** give up (a passing failure) when no server has answered for this long */
  noServerMs: number
}

export class NoComfyServer extends Error {
  override name = 'NoComfyServer'
}

/**
 * The dispatcher in front of a studio's ComfyUI servers. ComfyUI runs one prompt at a time, so each job goes
 * to a server that is idle: not running a job of ours, and (asked through GET /queue, since other workers may
 * share the pool) with nothing queued; the least loaded one when none is empty. A server that stops answering
 * is set aside for a while and the job goes elsewhere.
 */
export class ComfyPool {
  private readonly members: Member[]
  private readonly waiters = new Set<() => void>()

  constructor(
    servers: ComfyServer[],
    private readonly log: Logger,
    private readonly options: PoolOptions = { downForMs: 30_000, noServerMs: 60_000 },
  ) {
    this.members = servers.map((server) => ({ server, busy: false, downUntil: 0, lastUsed: 0 }))
  }

  get size(): number {
    return this.members.length
  }

  async acquire(signal: AbortSignal): Promise<ComfyServer> {
    let lastReachable = Date.now()
    for (;;) {
      if (signal.aborted) throw signal.reason
      const now = Date.now()
      const idle = this.members
        .filter((m) => !m.busy && m.downUntil <= now)
        .sort((a, b) => a.lastUsed - b.lastUsed)
      let fallback: { member: Member; load: number } | null = null
      for (const m of idle) {
        if (m.busy) continue
        m.busy = true // reserved while we ask it; another job of ours will not pick it meanwhile
        const load = await m.server.load(AbortSignal.any([signal, AbortSignal.timeout(3000)])).then(
          (l) => l.count,
          () => -1,
        )
        if (signal.aborted) {
          m.busy = false
          throw signal.reason
        }
        if (load === 0) return this.take(m)
        m.busy = false
        if (load < 0) this.markDown(m.server)
        else if (!fallback || load < fallback.load) fallback = { member: m, load }
      }
      if (fallback && !fallback.member.busy) return this.take(fallback.member)
      if (fallback || this.members.some((m) => m.busy)) lastReachable = Date.now()
      if (Date.now() - lastReachable > this.options.noServerMs)
        throw new NoComfyServer('no ComfyUI server has answered in time')
      await this.changeOrTimeout(500, signal)
    }
  }

  release(server: ComfyServer): void {
    const m = this.members.find((x) => x.server === server)
    if (m) m.busy = false
    this.notify()
  }

  markDown(server: ComfyServer): void {
    const m = this.members.find((x) => x.server === server)
    if (!m) return
    m.downUntil = Date.now() + this.options.downForMs
    this.log.warn({ server: server.url }, 'ComfyUI server not answering; sending jobs elsewhere for now')
  }

  private take(m: Member): ComfyServer {
    m.busy = true
    m.lastUsed = Date.now()
    return m.server
  }

  private notify(): void {
    for (const w of [...this.waiters]) w()
  }

  private async changeOrTimeout(ms: number, signal: AbortSignal): Promise<void> {
    let wake: () => void = () => {}
    const changed = new Promise<void>((resolve) => {
      wake = resolve
    })
    this.waiters.add(wake)
    try {
      await Promise.race([changed, sleep(ms, signal)])
    } finally {
      this.waiters.delete(wake)
    }
  }
}
