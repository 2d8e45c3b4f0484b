import { Worker } from 'node:worker_threads'
import type { UpscaleFactor } from '@parti/contract'
import type { RawImage } from '../image-io.ts'

// Tiled ESRGAN super-resolution (docs/decisions/0115-upscale.md). The picture is cut into tiles of PATCH pixels
// with PADDING pixels of context on each side; each tile goes through the model in the worker thread and only
// its centre is kept, so seams fall where both neighbours saw the same pixels. Memory stays bounded by one tile
// in the model plus the output picture, whatever the size.

/** input pixels a tile covers on each side (the toolchain's measured sweet spot on two cores) */
const PATCH = 256
/** context around each tile, cut off after the model */
const PADDING = 8

interface Pending {
  resolve: (r: { data: Uint8Array; width: number; height: number }) => void
  reject: (e: Error) => void
}

/** an idle thread is stopped after this long, giving back the model's WebAssembly memory (a few hundred MB) */
const IDLE_MS = 60_000

let worker: Worker | null = null
let idle: NodeJS.Timeout | null = null
let nextId = 1
const pending = new Map<number, Pending>()

function thread(): Worker {
  if (worker) return worker
  const w = new Worker(new URL('./esrgan-worker.mjs', import.meta.url))
  w.unref()
  w.on('message', (m: { id: number; error?: string; data: Uint8Array; width: number; height: number }) => {
    const p = pending.get(m.id)
    if (!p) return
    pending.delete(m.id)
    if (m.error) p.reject(new Error(m.error))
    else p.resolve(m)
  })
  const fail = (e: Error) => {
    // a thread stopped on purpose (idle, tests) has no work; a newer thread's jobs are not its own
    if (worker !== w) return
    worker = null
    for (const p of pending.values()) p.reject(e)
    pending.clear()
  }
  w.on('error', fail)
  w.on('exit', (code) => fail(new Error(`the upscale thread stopped (exit ${code})`)))
  worker = w
  return w
}

function ask(msg: Record<string, unknown>, transfer: ArrayBuffer[] = []) {
  const id = nextId++
  if (idle) clearTimeout(idle)
  idle = null
  const w = thread()
  return new Promise<{ data: Uint8Array; width: number; height: number }>((resolve, reject) => {
    pending.set(id, { resolve, reject })
    // the thread keeps the process alive only while it has work
    w.ref()
    w.postMessage({ id, ...msg }, transfer)
  }).finally(() => {
    if (pending.size > 0) return
    w.unref()
    idle = setTimeout(() => {
      if (pending.size === 0 && worker === w) void stopUpscaler()
    }, IDLE_MS)
    idle.unref()
  })
}

/** Stops the thread (tests, benches, and after IDLE_MS without work). */
export async function stopUpscaler(): Promise<void> {
  const w = worker
  worker = null
  if (idle) clearTimeout(idle)
  idle = null
  if (w) await w.terminate()
}

export interface UpscaleOptions {
  signal?: AbortSignal
  onProgress?: (done: number) => void
  patch?: number
  padding?: number
}

/** The picture `factor` times larger on each side by ESRGAN (RGB in, RGB out). */
export async function esrganUpscale(
  image: RawImage,
  factor: UpscaleFactor,
  options: UpscaleOptions = {},
): Promise<RawImage> {
  if (image.channels !== 3) throw new Error('esrganUpscale takes RGB')
  const patch = options.patch ?? PATCH
  const pad = options.padding ?? PADDING
  const { width: W, height: H } = image
  const out = Buffer.alloc(W * factor * H * factor * 3)
  const tilesX = Math.ceil(W / patch)
  const tilesY = Math.ceil(H / patch)
  let done = 0
  for (let ty = 0; ty < tilesY; ty++) {
    for (let tx = 0; tx < tilesX; tx++) {
      options.signal?.throwIfAborted()
      const x0 = tx * patch
      const y0 = ty * patch
      const x1 = Math.min(W, x0 + patch)
      const y1 = Math.min(H, y0 + patch)
      const ex0 = Math.max(0, x0 - pad)
      const ey0 = Math.max(0, y0 - pad)
      const ex1 = Math.min(W, x1 + pad)
      const ey1 = Math.min(H, y1 + pad)
      const tw = ex1 - ex0
      const th = ey1 - ey0
      const tile = new Uint8Array(tw * th * 3)
      for (let y = 0; y < th; y++) {
        const from = ((ey0 + y) * W + ex0) * 3
        tile.set(image.data.subarray(from, from + tw * 3), y * tw * 3)
      }
      const r = await ask({ scale: factor, data: tile, width: tw, height: th }, [tile.buffer])
      // keep the tile's centre: its own pixels, without the context
      const cx = (x0 - ex0) * factor
      const cy = (y0 - ey0) * factor
      const cw = (x1 - x0) * factor
      const ch = (y1 - y0) * factor
      const OW = W * factor
      for (let y = 0; y < ch; y++) {
        const from = ((cy + y) * r.width + cx) * 3
        out.set(r.data.subarray(from, from + cw * 3), ((y0 * factor + y) * OW + x0 * factor) * 3)
      }
      options.onProgress?.(++done / (tilesX * tilesY))
    }
  }
  return { data: out, width: W * factor, height: H * factor, channels: 3 }
}
