/**
 * Whether an error means the database cannot be reached right now (a refused or dropped connection, a timeout,
 * the server shutting down or out of connections), as opposed to a bad query. Such a request is answered 503
 * with Retry-After, and the worker waits and tries again, instead of a 500 or a crash.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code)) return true
      // SQLSTATE class 08 (connection exception), 57P0x (shutdown), 53300 (too many connections)
      if (/^08...$|^57P0[123]$|^53300$/.test(code)) return true
    }
    if (typeof message === 'string' && UNAVAILABLE_WORDS.test(message)) return true
  }
  return false
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])
const UNAVAILABLE_WORDS =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|connection is closed|Cannot use a pool after calling end/i
