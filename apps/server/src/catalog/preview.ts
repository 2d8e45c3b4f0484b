import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LocalStyleParams } from '@parti/contract'
import sharp from 'sharp'
import { houseSketch } from '../engines/local/fixtures.ts'
import { createLocalEngine } from '../engines/local/index.ts'
import type { Engine } from '../engines/types.ts'
import type { BlobStore } from '../storage/types.ts'

interface PreviewStyle {
  id: string
  name: string
  prompt: string
  negativePrompt: string
  qualityPrompt: string
  localParams: LocalStyleParams | null
}

let engine: Engine | null = null
let sample: Promise<Buffer> | null = null
const inFlight = new Map<string, Promise<Buffer>>()

/**
 * A style's card image, made by the project: the local engine renders the same sample elevation in the style's
 * look, once per set of parameters, and the result is kept in the blob store (an edit of the look makes a new
 * one). A style with an uploaded image never comes here.
 */
export function stylePreview(blobs: BlobStore, style: PreviewStyle): Promise<Buffer> {
  const hash = createHash('sha256')
    .update(JSON.stringify(style.localParams ?? {}))
    .digest('hex')
    .slice(0, 12)
  const key = `catalog/previews/${style.id.replace(/[^A-Za-z0-9_-]/g, '_')}-${hash}.webp`
  const running = inFlight.get(key)
  if (running) return running
  const job = (async () => {
    const cached = await blobs.get(key)
    if (cached) return cached
    engine ??= createLocalEngine()
    sample ??= houseSketch({ width: 960, height: 720, medium: 'digital' })
    const tmp = await mkdtemp(join(tmpdir(), 'parti-preview-'))
    try {
      const result = await engine.run(
        {
          kind: 'sketch',
          input: await sample,
          prompt: '',
          style,
          palette: null,
          customColors: null,
          settings: {},
        },
        {
          jobId: `preview-${style.id}`,
          signal: new AbortController().signal,
          reportProgress() {},
          tmpDir: tmp,
        },
      )
      const out = result.outputs[0]
      if (out?.kind !== 'image') throw new Error('no preview image')
      const image = await sharp(out.data).resize(480, 360, { fit: 'cover' }).webp({ quality: 82 }).toBuffer()
      await blobs.put(key, image, 'image/webp')
      return image
    } finally {
      await rm(tmp, { recursive: true, force: true })
    }
  })().finally(() => inFlight.delete(key))
  inFlight.set(key, job)
  return job
}

/** Render every active style's card once after start, one at a time, so the first visitor of /sketch waits for none. */
export async function warmStylePreviews(blobs: BlobStore, styles: PreviewStyle[]): Promise<void> {
  for (const style of styles) await stylePreview(blobs, style).catch(() => {})
}
