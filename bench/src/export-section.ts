// The account export of docs/product.md#data-export in `npm run bench -- export`: an account with 1,000
// results downloaded as one zip through the real route, timed from the request to the last byte, with the
// server process's peak resident memory and heap while it streams (bench/src/export-server.ts).
import { type ChildProcess, fork } from 'node:child_process'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { ExportServerPeaks, ExportServerReady } from './export-server.ts'
import { ROOT } from './processes.ts'
import { type BenchRow, median, round } from './stats.ts'

const RUNS = 3

function next<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string; [k: string]: unknown }) => {
      if (m.type !== type) return
      child.off('message', onMessage)
      resolve((m.ready ?? m.peaks ?? m) as T)
    }
    child.on('message', onMessage)
    child.once('exit', (code) => reject(new Error(`export server exited with ${code}`)))
  })
}

async function download(
  ready: ExportServerReady,
): Promise<{ ms: number; bytes: number; firstByteMs: number }> {
  const started = performance.now()
  const res = await fetch(`${ready.url}/api/user/export`, {
    headers: { authorization: `Bearer ${ready.token}` },
  })
  if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`)
  let firstByteMs = 0
  let bytes = 0
  for await (const chunk of res.body) {
    if (!bytes) firstByteMs = performance.now() - started
    bytes += (chunk as Uint8Array).length
  }
  return { ms: performance.now() - started, bytes, firstByteMs }
}

export const section = {
  title: 'Account export',
  async run(): Promise<BenchRow[]> {
    const child = fork(join(ROOT, 'bench/src/export-server.ts'), [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx', '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    try {
      const ready = await next<ExportServerReady>(child, 'ready')
      const runs: Array<{ ms: number; bytes: number; firstByteMs: number } & ExportServerPeaks> = []
      for (let i = 0; i < RUNS; i++) {
        child.send({ type: 'reset' })
        await next(child, 'reset')
        const d = await download(ready)
        child.send({ type: 'report' })
        runs.push({ ...d, ...(await next<ExportServerPeaks>(child, 'peaks')) })
      }
      const load = loadavg()[0]!.toFixed(1)
      const ms = median(runs.map((r) => r.ms))
      const size = runs[0]!.bytes
      const peakRss = Math.max(...runs.map((r) => r.peakRssMb))
      const peakHeap = Math.max(...runs.map((r) => r.peakHeapMb))
      return [
        {
          name: `export of an account with 1,000 results (${ready.files} files, ${round(ready.bytes / 1024 / 1024)} MB; 2,000 ledger rows) as one zip, request to last byte`,
          value: `${round(ms / 1000, 2)} s (median of ${RUNS}; ${round(size / 1024 / 1024 / (ms / 1000))} MB/s, zip ${round(size / 1024 / 1024)} MB, first byte after ${Math.round(median(runs.map((r) => r.firstByteMs)))} ms)`,
          target: 'reported',
          pass: null,
          note: `load average ${load} on 2 cores`,
        },
        {
          name: 'server process memory while streaming it: peak resident set (peak heap used)',
          value: `${peakRss} MB (${peakHeap} MB)`,
          target: 'flat: not growing with the account',
          pass: null,
          note: `before the export: ${ready.baselineRssMb} MB resident, ${ready.baselineHeapMb} MB heap; the zip is ${round(size / 1024 / 1024)} MB, so at most ${round(((peakRss - ready.baselineRssMb) / (size / 1024 / 1024)) * 100)} % of it was ever held`,
        },
      ]
    } finally {
      child.send({ type: 'stop' })
      await new Promise((r) => child.once('exit', r))
    }
  },
}
