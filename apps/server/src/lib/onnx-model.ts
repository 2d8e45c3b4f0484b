import { existsSync } from 'node:fs'

type Ort = typeof import('onnxruntime-node')
export interface OnnxModel {
  ort: Ort
  session: import('onnxruntime-node').InferenceSession
}

/**
 * An ONNX model shipped in `apps/server/models/`, loaded once per process on first use, on one CPU thread.
 * The loader answers null when the file or the runtime is missing, so each detector can say it cannot run.
 */
export function onnxModel(path: string): () => Promise<OnnxModel | null> {
  let loading: Promise<OnnxModel | null> | undefined
  return () => {
    loading ??= (async () => {
      try {
        if (!existsSync(path)) return null
        const ort = await import('onnxruntime-node')
        // models report their unused initializers at warning level on every load: not ours to act on
        ort.env.logLevel = 'error'
        const session = await ort.InferenceSession.create(path, {
          intraOpNumThreads: 1,
          graphOptimizationLevel: 'all',
        })
        return { ort, session }
      } catch {
        return null
      }
    })()
    return loading
  }
}
