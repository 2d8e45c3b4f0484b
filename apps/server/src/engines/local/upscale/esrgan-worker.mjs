// The ESRGAN model in a thread of its own (docs/decisions/0115-upscale.md): TensorFlow.js on its WebAssembly
// backend computes a tile synchronously for a second or more, which would stall the process's event loop (HTTP,
// job leases). Plain JavaScript so that it starts the same under tsx, vitest and node. The weights are the files
// @upscalerjs/esrgan-slim ships: nothing is downloaded.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { parentPort } from 'node:worker_threads'
import * as tf from '@tensorflow/tfjs'
import { setThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm'

const require = createRequire(import.meta.url)

let ready
/** @type {Map<number, Promise<import('@tensorflow/tfjs').LayersModel>>} */
const models = new Map()

function backend() {
  ready ??= (async () => {
    setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`)
    setThreadsCount(1)
    if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WebAssembly backend did not start')
    await tf.ready()
  })()
  return ready
}

function model(scale) {
  let m = models.get(scale)
  if (!m) {
    m = (async () => {
      await backend()
      const dir = path.join(
        require.resolve('@upscalerjs/esrgan-slim').replace(/[/\\]dist[/\\].*$/, ''),
        'models',
        `x${scale}`,
      )
      const json = JSON.parse(await readFile(path.join(dir, 'model.json'), 'utf8'))
      const weightSpecs = json.weightsManifest.flatMap((g) => g.weights)
      const bins = await Promise.all(
        json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(dir, p))),
      )
      const all = Buffer.concat(bins)
      const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.length)
      return tf.loadLayersModel(
        tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs, weightData }),
      )
    })()
    models.set(scale, m)
  }
  return m
}

/** One tile: RGB bytes in, RGB bytes `scale` times larger out (the model's range is 0–255 both ways). */
async function upscaleTile({ scale, data, width, height }) {
  const net = await model(scale)
  const out = tf.tidy(() => {
    const x = tf.tensor4d(new Float32Array(data), [1, height, width, 3])
    const y = net.predict(x)
    return tf.clipByValue(tf.round(y), 0, 255).cast('int32')
  })
  try {
    const values = await out.data()
    return { data: Uint8Array.from(values), width: out.shape[2], height: out.shape[1] }
  } finally {
    out.dispose()
  }
}

parentPort.on('message', async (msg) => {
  try {
    const result = await upscaleTile(msg)
    parentPort.postMessage({ id: msg.id, ...result }, [result.data.buffer])
  } catch (error) {
    parentPort.postMessage({ id: msg.id, error: error instanceof Error ? error.message : String(error) })
  }
})
