import pino from 'pino'
import { describe, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import type { JobQueue } from './queue.ts'
import type { RunDeps } from './run-job.ts'
import { Worker } from './worker.ts'

describe('Worker wake-up', () => {
  it('does not lose a notification that lands while it is claiming (no wait for the slow poll)', async () => {
    let notify = () => {}
    const database = {
      listen: async (_channel: string, onNotify: () => void) => {
        notify = onNotify
        return async () => {}
      },
    } as unknown as Database
    const claims: number[] = []
    const started = Date.now()
    const queue = {
      claim: async () => {
        claims.push(Date.now() - started)
        // the first claim's snapshot misses a job committed meanwhile, whose NOTIFY arrives before it returns
        if (claims.length === 1) notify()
        return null
      },
      nextRunAt: async () => null,
      sweepExhausted: async () => 0,
    } as unknown as JobQueue
    const worker = new Worker(database, queue, {} as RunDeps, pino({ level: 'silent' }), {
      concurrency: 1,
      leaseSeconds: 30,
      jobTimeoutMs: 60_000,
      pollIntervalMs: 10_000,
    })
    await worker.start()
    await expect.poll(() => claims.length, { timeout: 2_000 }).toBeGreaterThanOrEqual(2)
    await worker.stop(0)
    expect(claims[1]).toBeLessThan(1_000)
  })
})
