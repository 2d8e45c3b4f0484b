// npm run dev: the API and worker under `tsx watch` on :3000 (restarted when server code changes) and the Vite
// dev server on :5173 with hot reload, which proxies /api to :3000. Open http://localhost:5173. Ctrl-C stops both.
import { spawn } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules/.bin', name)
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // the API only: the Vite dev server serves the web app
    env: { NODE_ENV: 'development', WEB_DIST_DIR: join(root, 'apps/web/dist-none'), ...process.env },
  }),
  spawn(bin('vite'), [], { cwd: join(root, 'apps/web'), stdio: 'inherit', env: process.env }),
]
const stop = (signal) => {
  for (const c of children) if (c.exitCode === null) c.kill(signal)
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM')
    if (code) process.exitCode = code
  })
