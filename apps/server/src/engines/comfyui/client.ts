import WebSocket from 'ws'
import { ProviderHttpError, providerFetch, providerJson, type RetryPolicy } from '../shared/http.ts'
import type { ComfyGraph } from './workflows.ts'

export interface ComfyFile {
  filename: string
  subfolder: string
  type: string
}

export interface ComfyHistoryEntry {
  outputs?: Record<string, Record<string, unknown>>
  status?: { status_str?: string; completed?: boolean; messages?: unknown[] }
}

/** The events of ComfyUI's /ws stream this adapter follows. */
export type ComfyEvent =
  | { type: 'progress'; promptId: string; value: number; max: number }
  | { type: 'done'; promptId: string }
  | { type: 'error'; promptId: string; message: string }
  | { type: 'closed' }

/** ComfyUI answers a bad graph with 400 {error, node_errors}: a template or model problem, not a passing one. */
export class ComfyPromptRejected extends Error {
  override name = 'ComfyPromptRejected'
}

/** The server stopped answering (down, restarted, unreachable): the job may run on another one. */
export class ComfyServerGone extends Error {
  override name = 'ComfyServerGone'
}

export function isGone(err: unknown): boolean {
  return (
    err instanceof ComfyServerGone ||
    (err instanceof ProviderHttpError && (err.status === 0 || err.status === 502 || err.status === 503))
  )
}

/** One ComfyUI server's HTTP API and /ws stream. It has no auth of its own: keep it on a private network. */
export class ComfyServer {
  constructor(
    readonly url: string,
    private readonly retry: RetryPolicy,
  ) {}

  /** Connects /ws?clientId; null when the stream is unavailable (the adapter then polls /history). */
  connect(clientId: string, onEvent: (e: ComfyEvent) => void): Promise<WebSocket | null> {
    const wsUrl = `${this.url.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`
    return new Promise((resolve) => {
      const ws = new WebSocket(wsUrl, { handshakeTimeout: 5000 })
      let open = false
      ws.on('open', () => {
        open = true
        resolve(ws)
      })
      ws.on('error', () => {
        if (!open) resolve(null)
      })
      ws.on('close', () => {
        if (open) onEvent({ type: 'closed' })
      })
      ws.on('message', (raw, isBinary) => {
        if (isBinary) return // preview frames
        const event = parseEvent(raw.toString())
        if (event) onEvent(event)
      })
    })
  }

  async uploadImage(name: string, data: Buffer, signal: AbortSignal): Promise<string> {
    const form = new FormData()
    form.append('image', new Blob([new Uint8Array(data)], { type: 'image/png' }), name)
    form.append('type', 'input')
    form.append('subfolder', 'parti')
    form.append('overwrite', 'true')
    const r = await providerJson<{ name: string; subfolder?: string }>(`${this.url}/upload/image`, {
      method: 'POST',
      body: form,
      signal,
      timeoutMs: 60_000,
      retry: this.retry,
    })
    // LoadImage takes the path inside ComfyUI's input folder
    return r.subfolder ? `${r.subfolder}/${r.name}` : r.name
  }

  async queuePrompt(graph: ComfyGraph, clientId: string, signal: AbortSignal): Promise<string> {
    try {
      const r = await providerJson<{ prompt_id: string }>(`${this.url}/prompt`, {
        method: 'POST',
        body: { prompt: graph, client_id: clientId },
        signal,
        timeoutMs: 30_000,
        retry: this.retry,
      })
      return r.prompt_id
    } catch (err) {
      if (err instanceof ProviderHttpError && err.status === 400) throw new ComfyPromptRejected(err.body)
      throw err
    }
  }

  async history(promptId: string, signal: AbortSignal): Promise<ComfyHistoryEntry | null> {
    const r = await providerJson<Record<string, ComfyHistoryEntry>>(
      `${this.url}/history/${encodeURIComponent(promptId)}`,
      { signal, timeoutMs: 30_000, retry: this.retry },
    )
    return r[promptId] ?? null
  }

  /** Running plus waiting prompts, from anyone using this server. */
  async load(signal: AbortSignal): Promise<{ count: number; ids: string[] }> {
    const q = await providerJson<{ queue_running?: unknown[][]; queue_pending?: unknown[][] }>(
      `${this.url}/queue`,
      { signal, timeoutMs: 3000, retry: { retries: 0, baseMs: 0, maxMs: 0 } },
    )
    const entries = [...(q.queue_running ?? []), ...(q.queue_pending ?? [])]
    return { count: entries.length, ids: entries.map((e) => String(e?.[1] ?? '')) }
  }

  async view(file: ComfyFile, signal: AbortSignal): Promise<Buffer> {
    const query = new URLSearchParams({ filename: file.filename, subfolder: file.subfolder, type: file.type })
    const res = await providerFetch(`${this.url}/view?${query}`, {
      signal,
      timeoutMs: 120_000,
      retry: this.retry,
      headers: { accept: '*/*' },
    })
    return Buffer.from(await res.arrayBuffer())
  }

  /**
   * Stops our prompt, never another's: removed from the queue while it waits (`POST /queue {delete}`), and
   * interrupted only when `GET /queue` shows it running here. `/interrupt` takes a prompt id only on recent
   * ComfyUI; older servers ignore the body and interrupt whatever runs, which may be another worker's job.
   */
  async cancel(promptId: string): Promise<void> {
    const signal = AbortSignal.timeout(10_000)
    const once = { retries: 0, baseMs: 0, maxMs: 0 }
    await providerJson(`${this.url}/queue`, {
      method: 'POST',
      body: { delete: [promptId] },
      signal,
      retry: once,
    }).catch(() => {})
    const q = await providerJson<{ queue_running?: unknown[][] }>(`${this.url}/queue`, {
      signal,
      retry: once,
    }).catch(() => null)
    if (!q?.queue_running?.some((e) => String(e?.[1] ?? '') === promptId)) return
    await providerJson(`${this.url}/interrupt`, {
      method: 'POST',
      body: { prompt_id: promptId },
      signal,
      retry: once,
    }).catch(() => {})
  }
}

function parseEvent(text: string): ComfyEvent | null {
  let msg: { type?: string; data?: Record<string, unknown> }
  try {
    msg = JSON.parse(text)
  } catch {
    return null
  }
  const data = msg.data ?? {}
  const promptId = String(data.prompt_id ?? '')
  switch (msg.type) {
    case 'progress':
      return { type: 'progress', promptId, value: Number(data.value ?? 0), max: Number(data.max ?? 0) }
    case 'executing':
      return data.node === null ? { type: 'done', promptId } : null
    case 'execution_success':
      return { type: 'done', promptId }
    case 'execution_error':
      return {
        type: 'error',
        promptId,
        message: `${String(data.node_type ?? 'node')}: ${String(data.exception_message ?? 'failed')}`,
      }
    case 'execution_interrupted':
      return { type: 'error', promptId, message: 'interrupted' }
    default:
      return null
  }
}

/** The files a finished prompt wrote through its output node. */
export function outputFiles(entry: ComfyHistoryEntry, node: string): ComfyFile[] {
  const out = entry.outputs?.[node] ?? {}
  const files: ComfyFile[] = []
  for (const key of ['images', 'gifs', 'videos', 'video']) {
    const list = out[key]
    if (!Array.isArray(list)) continue
    for (const f of list as Array<Partial<ComfyFile>>)
      if (f?.filename)
        files.push({ filename: f.filename, subfolder: f.subfolder ?? '', type: f.type ?? 'output' })
  }
  return files
}
