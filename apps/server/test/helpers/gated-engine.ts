import sharp from 'sharp'
import { doesEverything } from '../../src/engines/capabilities.ts'
import type { Engine, EngineError, EngineTask, EngineTaskKind } from '../../src/engines/types.ts'

/**
 * An engine the test controls, for exercising the queue itself (claims, leases, retries, shutdown): each run
 * waits until the test opens the gate or tells it to fail. It produces a real image so the rest of the
 * pipeline (storage, thumbnails, events) runs for real.
 */
export function gatedEngine() {
  const started: string[] = []
  const runs = new Map<string, number>()
  let open = false
  const waiters: Array<() => void> = []
  let failWith: EngineError | null = null
  const engine: Engine = {
    id: 'local',
    supports: () => true,
    capabilities: doesEverything,
    modelFor: (kind: EngineTaskKind) => `gated-${kind}`,
    async run(task: EngineTask, ctx) {
      started.push(ctx.jobId)
      runs.set(ctx.jobId, (runs.get(ctx.jobId) ?? 0) + 1)
      while (!open && !failWith) {
        if (ctx.signal.aborted) throw ctx.signal.reason
        await new Promise<void>((r) => {
          waiters.push(r)
          ctx.signal.addEventListener('abort', () => r(), { once: true })
        })
      }
      if (failWith) throw failWith
      const data = await sharp(task.input).resize(64, 64).png().toBuffer()
      return {
        outputs: [{ kind: 'image', data, contentType: 'image/png', width: 64, height: 64 }],
        facts: { engine: 'local', model: 'gated' },
      }
    },
  }
  const release = () => {
    for (const w of waiters.splice(0)) w()
  }
  return {
    engine,
    started,
    runs,
    open() {
      open = true
      release()
    },
    fail(error: EngineError) {
      failWith = error
      release()
    },
    async waitForStarts(n: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (started.length < n) {
        if (Date.now() > deadline) throw new Error(`only ${started.length} of ${n} runs started`)
        await new Promise((r) => setTimeout(r, 10))
      }
    },
  }
}
