import { createRequire } from 'node:module'
import type { CV, Mat } from '@techstark/opencv-js'
import type { RawImage } from './image-io.ts'

// OpenCV.js is a 10 MB WebAssembly build that takes ~0.3 s to start: load it once per process, on first use.
// The module object is "thenable": resolving a promise with it would wait forever on its `then`. It only ever
// travels wrapped in a plain object.
let loading: Promise<{ cv: CV }> | undefined

export function loadOpenCv(): Promise<{ cv: CV }> {
  loading ??= (async () => {
    // Emscripten installs process-wide handlers that abort the runtime on any unhandled rejection anywhere in
    // the server (and print 10 MB of source). They are not ours to keep: remove whatever the import added.
    const events = ['uncaughtException', 'unhandledRejection'] as const
    const listeners = (event: (typeof events)[number]) =>
      process.listeners(event as 'uncaughtException') as Array<(...args: unknown[]) => void>
    const before = new Map(events.map((event) => [event, new Set(listeners(event))]))
    // required, not imported: a loader that copies module.exports into a namespace (vitest does) would copy the
    // `then` too, and awaiting that namespace would never settle
    const cv = createRequire(import.meta.url)('@techstark/opencv-js') as CV
    for (const event of events) {
      for (const listener of listeners(event)) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener)
      }
    }
    // The runtime finishes starting after import; its init hook is not reliably reachable through the ESM
    // wrapper (tsx, vitest and plain node each load it differently), so wait for the API to appear.
    const started = Date.now()
    while (typeof (cv as Partial<CV>).Mat !== 'function') {
      if (Date.now() - started > 30_000) throw new Error('OpenCV.js did not start within 30 s')
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    return { cv }
  })()
  return loading
}

type Deletable = { delete(): void }

/**
 * Runs synchronous OpenCV work with a scope that frees every tracked Mat afterwards, even when the work throws:
 * WebAssembly memory is not garbage-collected, and a leak per job would grow the worker until it dies.
 */
export async function withCv<T>(work: (cv: CV, track: <M extends Deletable>(m: M) => M) => T): Promise<T> {
  const { cv } = await loadOpenCv()
  const owned: Deletable[] = []
  const track = <M extends Deletable>(m: M): M => {
    owned.push(m)
    return m
  }
  try {
    return work(cv, track)
  } finally {
    for (const m of owned) m.delete()
  }
}

export function matFromRaw(cv: CV, img: RawImage): Mat {
  const type = img.channels === 1 ? cv.CV_8UC1 : img.channels === 3 ? cv.CV_8UC3 : cv.CV_8UC4
  const mat = new cv.Mat(img.height, img.width, type)
  mat.data.set(img.data)
  return mat
}

export function matFromGrey(cv: CV, data: Uint8Array, width: number, height: number): Mat {
  const mat = new cv.Mat(height, width, cv.CV_8UC1)
  mat.data.set(data)
  return mat
}
