// The MLS export of docs/product.md#mls-export in `npm run bench -- "mls export"`: a listing of 20 staged rooms,
// each a phone's 12 MP photo (4032×3024 JPEG) and its staged result at the same size, exported through the real
// route for two boards with opposite rules: RMLS (the label burnt into a copy of every staged photo, each copy
// signed afresh) and RealTracs (no label: the signed copies of the masters, with every original beside its
// staged photo). Time from the request to the last byte, median of 3 after a first export, and the server
// process's peak resident memory (bench/src/mls-export-server.ts).
import { type ChildProcess, fork } from 'node:child_process'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { MlsServerPeaks, MlsServerReady } from './mls-export-server.ts'
import { ROOT } from './processes.ts'
import { type BenchRow, median, round } from './stats.ts'

const RUNS = 3
const BOARDS = [
  { id: 'rmls', what: 'RMLS: "Virtually Staged" burnt into a copy of each staged photo, each copy signed' },
  {
    id: 'realtracs',
    what: 'RealTracs: no label, each original before its staged photo (signed copies kept)',
  },
] as const

function next<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string; [k: string]: unknown }) => {
      if (m.type !== type) return
      child.off('message', onMessage)
      resolve((m.ready ?? m.peaks ?? m) as T)
    }
    child.on('message', onMessage)
    child.once('exit', (code) => reject(new Error(`MLS export server exited with ${code}`)))
  })
}

/** One export through the route, timed to its last byte; a refusal stops the benchmark. */
async function exportOnce(ready: MlsServerReady): Promise<{ ms: number; bytes: number }> {
  const started = performance.now()
  const res = await fetch(`${ready.url}/api/user/projects/${ready.projectId}/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ready.token}` },
  })
  const body = Buffer.from(await res.arrayBuffer())
  if (res.status !== 200 || res.headers.get('content-type') !== 'application/zip')
    throw new Error(`the export answered ${res.status}: ${body.subarray(0, 300).toString()}`)
  return { ms: performance.now() - started, bytes: body.length }
}

async function chooseBoard(ready: MlsServerReady, boardId: string) {
  const res = await fetch(`${ready.url}/api/user/projects/${ready.projectId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ready.token}` },
    body: JSON.stringify({ name: '20 Bench Street', boardId }),
  })
  if (!res.ok) throw new Error(`choosing ${boardId} answered ${res.status}`)
}

export const section = {
  title: 'MLS export',
  async run(): Promise<BenchRow[]> {
    const child = fork(join(ROOT, 'bench/src/mls-export-server.ts'), [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx', '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // as the Docker image runs it (docs/decisions/0122-mls-export-streamed-and-stored.md); set it to 0 in the
      // environment for glibc's default
      env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
    })
    const mb = (n: number) => round(n / 1024 / 1024)
    try {
      const ready = await next<MlsServerReady>(child, 'ready')
      const rows: BenchRow[] = []
      for (const board of BOARDS) {
        await chooseBoard(ready, board.id)
        const measured: Array<{ ms: number; bytes: number } & MlsServerPeaks> = []
        // the first export of the board, then three more: the first also signs what later ones reuse
        for (let i = 0; i < RUNS + 1; i++) {
          child.send({ type: 'reset' })
          await next(child, 'reset')
          const run = await exportOnce(ready)
          child.send({ type: 'report' })
          measured.push({ ...run, ...(await next<MlsServerPeaks>(child, 'peaks')) })
        }
        const [first, ...rest] = measured as [(typeof measured)[0], ...typeof measured]
        const ms = median(rest.map((r) => r.ms))
        const load = loadavg().map((l) => l.toFixed(1))
        rows.push(
          {
            name: `export of ${ready.photos} staged rooms (${ready.width}×${ready.height} JPEG, ${mb(ready.photoBytes)} MB photo, ${mb(ready.stagedBytes)} MB staged) for ${board.what}, request to last byte`,
            value: `${round(ms / 1000, 2)} s (median of ${RUNS}; ${round(ms / ready.photos)} ms a photo; zip ${mb(first.bytes)} MB)`,
            target: 'reported',
            pass: null,
            note: `the board's first export ${round(first.ms / 1000, 2)} s; load average ${load.join(' / ')} (1 / 5 / 15 min) on 2 cores`,
          },
          {
            name: `server process memory during the ${board.id} exports: peak resident set (peak heap used)`,
            value: `${Math.max(...measured.map((r) => r.peakRssMb))} MB (${Math.max(...measured.map((r) => r.peakHeapMb))} MB)`,
            target: 'reported',
            pass: null,
            note: `before: ${ready.baselineRssMb} MB resident, ${ready.baselineHeapMb} MB heap (PGlite included); the zip of ${mb(first.bytes)} MB streams, one photo at a time; MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '2'}`,
          },
        )
      }
      return rows
    } finally {
      child.send({ type: 'stop' })
      await new Promise((r) => child.once('exit', r))
    }
  },
}
