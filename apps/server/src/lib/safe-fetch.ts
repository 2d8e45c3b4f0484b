import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { BlockList, isIP } from 'node:net'

/** Addresses a server-side fetch must never reach: loopback, private, link-local, CGNAT, multicast, unspecified. */
const blocked = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  // IPv4-compatible addresses (::a.b.c.d, deprecated by RFC 4291), :: and ::1 among them
  ['::', 96],
  // local-use NAT64 (RFC 8215): translated to addresses of the operator's own choosing
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6')
}

/** IPv6 prefixes whose last 32 bits are an IPv4 address a packet ends up at: judged as that address. */
const carriesIpv4 = new BlockList()
carriesIpv4.addSubnet('::ffff:0:0', 96, 'ipv6') // IPv4-mapped
carriesIpv4.addSubnet('64:ff9b::', 96, 'ipv6') // NAT64, well-known prefix (RFC 6052)

export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return true
  if (family === 4) return blocked.check(address, 'ipv4')
  if (carriesIpv4.check(address, 'ipv6')) {
    const embedded = lastIpv4(address)
    return embedded === null || isForbiddenAddress(embedded)
  }
  return blocked.check(address, 'ipv6')
}

/** The IPv4 address in the last 32 bits of an IPv6 address, written either way (::ffff:7f00:1, ::ffff:127.0.0.1). */
function lastIpv4(address: string): string | null {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)
  if (dotted) return isIP(dotted[1]!) === 4 ? dotted[1]! : null
  const groups = address.split(':')
  const lo = Number.parseInt(groups.at(-1) || '0', 16)
  const hi = Number.parseInt(groups.at(-2) || '0', 16)
  if (Number.isNaN(lo) || Number.isNaN(hi)) return null
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.')
}

export class SafeFetchError extends Error {
  constructor(
    readonly reason: 'invalid_url' | 'forbidden_address' | 'too_large' | 'timeout' | 'http_error' | 'network',
    message: string,
  ) {
    super(message)
    this.name = 'SafeFetchError'
  }
}

export interface SafeFetchOptions {
  maxBytes: number
  timeoutMs: number
  maxRedirects?: number
}

/**
 * Fetch a user-supplied URL from the server without letting it reach our own network (SSRF): http(s) only,
 * every DNS answer checked at connect time (so a rebinding name cannot slip through), redirects re-checked,
 * and the body capped in size and time.
 */
export async function safeFetch(
  rawUrl: string,
  options: SafeFetchOptions,
): Promise<{ data: Buffer; contentType: string }> {
  const deadline = Date.now() + options.timeoutMs
  let url = parseUrl(rawUrl)
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    const r = await request(url, options.maxBytes, deadline)
    if ('redirect' in r) {
      url = parseUrl(new URL(r.redirect, url).toString())
      continue
    }
    return r
  }
  throw new SafeFetchError('http_error', 'too many redirects')
}

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/** A loopback address (127.0.0.0/8, ::1, or IPv4-mapped loopback). */
export function isLoopbackAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return isLoopbackAddress(mapped[1]!)
  const family = isIP(address)
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** What an outbound call may reach: public addresses, and loopback too when a test setting allows it. */
const allowedAddress = (address: string, allowLoopback: boolean) =>
  !isForbiddenAddress(address) || (allowLoopback && isLoopbackAddress(address))

function parseUrl(raw: string, allowLoopback = false): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new SafeFetchError('invalid_url', 'not a URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SafeFetchError('invalid_url', 'only http and https')
  if (url.username || url.password) throw new SafeFetchError('invalid_url', 'credentials in URL')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) && !allowedAddress(host, allowLoopback))
    throw new SafeFetchError('forbidden_address', 'address not allowed')
  if (!allowLoopback && (host === 'localhost' || host.endsWith('.localhost')))
    throw new SafeFetchError('forbidden_address', 'address not allowed')
  return url
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

const guardedLookup = (hostname: string, opts: object, cb: LookupCallback) =>
  lookupAllowing(false, hostname, opts, cb)

function lookupAllowing(allowLoopback: boolean, hostname: string, opts: object, cb: LookupCallback): void {
  dnsLookup(hostname, { ...opts, all: true }, (err, addresses) => {
    if (err) return cb(err, '')
    const list = addresses as LookupAddress[]
    const bad = list.find((a) => !allowedAddress(a.address, allowLoopback))
    if (bad || list.length === 0) {
      const e = new Error('address not allowed') as NodeJS.ErrnoException
      e.code = 'EFORBIDDENADDR'
      return cb(e, '')
    }
    if ((opts as { all?: boolean }).all) return cb(null, list)
    cb(null, list[0]!.address, list[0]!.family)
  })
}

function request(
  url: URL,
  maxBytes: number,
  deadline: number,
): Promise<{ data: Buffer; contentType: string } | { redirect: string }> {
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now()
    if (remaining <= 0) return reject(new SafeFetchError('timeout', 'timed out'))
    const mod = url.protocol === 'https:' ? https : http
    const req = mod.get(
      url,
      {
        lookup: guardedLookup as never,
        headers: { 'user-agent': 'Parti/1.0 (+image fetch)', accept: 'image/*' },
      },
      (res) => {
        const status = res.statusCode ?? 0
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume()
          return resolve({ redirect: res.headers.location })
        }
        if (status !== 200) {
          res.resume()
          return reject(new SafeFetchError('http_error', `HTTP ${status}`))
        }
        const declared = Number(res.headers['content-length'] ?? 0)
        if (declared > maxBytes) {
          res.destroy()
          return reject(new SafeFetchError('too_large', 'too large'))
        }
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (c: Buffer) => {
          size += c.length
          if (size > maxBytes) {
            res.destroy()
            reject(new SafeFetchError('too_large', 'too large'))
          } else chunks.push(c)
        })
        res.on('end', () =>
          resolve({ data: Buffer.concat(chunks), contentType: String(res.headers['content-type'] ?? '') }),
        )
        res.on('error', (e) => reject(new SafeFetchError('network', e.message)))
      },
    )
    req.setTimeout(remaining, () => req.destroy(new SafeFetchError('timeout', 'timed out')))
    req.on('error', (e) => {
      if (e instanceof SafeFetchError) return reject(e)
      const code = (e as NodeJS.ErrnoException).code
      reject(new SafeFetchError(code === 'EFORBIDDENADDR' ? 'forbidden_address' : 'network', e.message))
    })
  })
}

export interface SafePostOptions {
  body: string
  headers: Record<string, string>
  timeoutMs: number
  /** tests only (WEBHOOK_ALLOW_LOOPBACK): loopback may be reached; every other private address stays refused */
  allowLoopback?: boolean
}

/**
 * POST to a user-supplied URL (job webhooks, docs/product.md#api-webhooks) with the same guard as `safeFetch`:
 * http(s) only, every DNS answer checked at connect time, a time limit on the whole exchange, and no redirect
 * followed (a 3xx is the receiver's answer, not a place to go). Answers the status code; the receiver's body is
 * read (at most 64 KB) and dropped.
 */
export async function safePost(rawUrl: string, options: SafePostOptions): Promise<{ status: number }> {
  const allowLoopback = options.allowLoopback ?? false
  const url = parseUrl(rawUrl, allowLoopback)
  return new Promise((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http
    const req = mod.request(
      url,
      {
        method: 'POST',
        lookup: ((host: string, opts: object, cb: LookupCallback) =>
          lookupAllowing(allowLoopback, host, opts, cb)) as never,
        headers: {
          'user-agent': 'Parti-Webhooks/1.0',
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(options.body)),
          ...options.headers,
        },
      },
      (res) => {
        let size = 0
        res.on('data', (c: Buffer) => {
          size += c.length
          if (size > 64 * 1024) res.destroy()
        })
        res.on('close', () => resolve({ status: res.statusCode ?? 0 }))
        res.on('error', () => resolve({ status: res.statusCode ?? 0 }))
      },
    )
    // the whole exchange, not only idle time: a receiver that trickles its answer is cut off too
    const timer = setTimeout(() => req.destroy(new SafeFetchError('timeout', 'timed out')), options.timeoutMs)
    req.on('close', () => clearTimeout(timer))
    req.on('error', (e) => {
      clearTimeout(timer)
      if (e instanceof SafeFetchError) return reject(e)
      const code = (e as NodeJS.ErrnoException).code
      reject(new SafeFetchError(code === 'EFORBIDDENADDR' ? 'forbidden_address' : 'network', e.message))
    })
    req.end(options.body)
  })
}
