import { type ChildProcess, spawn } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** Start `node scripts/start.mjs <role>` and resolve when its health check answers. */
export async function startParti(role: 'all' | 'api' | 'worker', env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), role], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  if (role !== 'worker') await waitForHealth(`http://127.0.0.1:${port}`, child)
  return { child, url: `http://127.0.0.1:${port}`, stop: () => stop(child) }
}

async function waitForHealth(url: string, child?: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const r = await fetch(`${url}/api/health`)
      if (r.ok) return
    } catch {}
    if (Date.now() > deadline) throw new Error(`no health answer from ${url}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref()
  })
}

export function freePort(): number {
  return 20_000 + Math.floor(Math.random() * 20_000)
}
