import { resolve } from 'node:path'
import { ConfigError, loadConfig } from '../src/config.ts'

/** `--name <folder>`, the only argument; relative to where `npm run` was typed (npm's INIT_CWD). */
export function folderArgument(name: string): string {
  const args = process.argv.slice(2)
  const i = args.indexOf(name)
  const value = i >= 0 ? args[i + 1] : undefined
  if (!value || args.length !== 2) {
    process.stderr.write(`Usage: ${name} <folder>\n`)
    process.exit(64)
  }
  return resolve(process.env.INIT_CWD ?? process.cwd(), value)
}

/** The server's settings from the environment, or exit 78 saying what is wrong, as the server does. */
export function cliConfig(): ReturnType<typeof loadConfig> {
  try {
    // the SDK's Node version notice would be the only line of an otherwise quiet command
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
    return loadConfig()
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    process.stderr.write(`${err.message}\n`)
    process.exit(78)
  }
}
