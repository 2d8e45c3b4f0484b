import type { EngineTaskKind } from '../types.ts'
import { providerFailed } from './errors.ts'
import { ProviderHttpError, providerFetch, type RetryPolicy } from './http.ts'

export interface DownloadOptions {
  kind: EngineTaskKind
  signal: AbortSignal
  maxBytes: number
  timeoutMs?: number
  headers?: Record<string, string>
  retry?: RetryPolicy
}

/** 200 MB: a 10 s 1080p clip is far smaller; anything bigger is not a result we want to hold in memory. */
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024
export const MAX_IMAGE_BYTES = 50 * 1024 * 1024

/**
 * Copies a provider's output file into memory at once (their URLs expire within the hour): http(s) or a data
 * URI, capped in size and time. A URL that is already gone is a permanent failure.
 */
export async function downloadOutput(url: string, options: DownloadOptions): Promise<Buffer> {
  if (url.startsWith('data:')) return decodeDataUri(url, options)
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw providerFailed(
      options.kind,
      `the provider returned an output that is not a URL: ${url.slice(0, 80)}`,
    )
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw providerFailed(options.kind, `output URL with scheme ${parsed.protocol}`)
  let res: Response
  try {
    res = await providerFetch(url, {
      signal: options.signal,
      headers: { accept: '*/*', ...options.headers },
      timeoutMs: options.timeoutMs ?? 120_000,
      retry: options.retry,
    })
  } catch (err) {
    if (err instanceof ProviderHttpError && [403, 404, 410].includes(err.status))
      throw providerFailed(
        options.kind,
        `output file no longer available (HTTP ${err.status}, ${parsed.host})`,
      )
    throw err
  }
  const declared = Number(res.headers.get('content-length') ?? 0)
  if (declared > options.maxBytes) {
    await res.body?.cancel().catch(() => {})
    throw providerFailed(options.kind, `output file too large (${declared} bytes)`)
  }
  const chunks: Buffer[] = []
  let size = 0
  if (!res.body) return Buffer.alloc(0)
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength
    if (size > options.maxBytes) throw providerFailed(options.kind, 'output file too large')
    chunks.push(Buffer.from(chunk))
  }
  return Buffer.concat(chunks)
}

function decodeDataUri(uri: string, options: DownloadOptions): Buffer {
  const comma = uri.indexOf(',')
  const header = uri.slice(5, comma)
  if (comma < 0 || !header.endsWith(';base64'))
    throw providerFailed(options.kind, 'unreadable data URI output')
  const data = Buffer.from(uri.slice(comma + 1), 'base64')
  if (data.length > options.maxBytes) throw providerFailed(options.kind, 'output file too large')
  return data
}
