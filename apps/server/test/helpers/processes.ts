import { type ChildProcess, spawn } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..')

export interface PartiProcess {
  child: ChildProcess
  url: string
  kill(signal?: NodeJS.Signals): Promise<void>
}

/** `node scripts/start.mjs <role>`: the product exactly as an operator runs it, in its own process. */
export async function spawnParti(
  role: 'all' | 'api' | 'worker',
  env: Record<string, string>,
): Promise<PartiProcess> {
  const port = role === 'worker' ? 0 : 21_000 + Math.floor(Math.random() * 15_000)
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), role], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (d) => {
    stderr += String(d)
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  if (role !== 'worker') {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`parti ${role} exited: ${stderr}`)
      try {
        if ((await fetch(`${url}/api/health`)).ok) break
      } catch {}
      if (Date.now() > deadline) throw new Error(`parti ${role} did not start: ${stderr}`)
      await new Promise((r) => setTimeout(r, 150))
    }
  }
  return {
    child,
    url,
    kill: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill(signal)
      }),
  }
}
