import { UPSCALE_DPI, upscaleFits, upscaleRefusal } from '@parti/contract'
import sharp from 'sharp'
import type { EngineContext, EngineResult, EngineTask } from '../../types.ts'
import { invalidInput, throwIfAborted } from '../errors.ts'
import { decoded, imageOutput, inspectInput, openImage, type RawImage } from '../image-io.ts'
import type { LocalStep } from '../step.ts'
import { esrganUpscale } from '../upscale/esrgan.ts'
import { sharpness } from '../upscale/quality.ts'

type UpscaleTask = Extract<EngineTask, { kind: 'upscale' }>

/**
 * Upscale (docs/decisions/0115-upscale.md): ESRGAN from @upscalerjs/esrgan-slim on TensorFlow.js's WebAssembly
 * backend, tile by tile in a thread of its own. The file records UPSCALE_DPI; the notes give the sharpness at the
 * new size of a plain bicubic enlargement and of the result, both measured.
 */
async function runUpscale(task: UpscaleTask, ctx: EngineContext): Promise<EngineResult> {
  const info = await inspectInput(task.input, 'image')
  // refused before charging on the request; a job that still meets it fails, refunded
  if (!upscaleFits(info.width, info.height, task.factor).ok) {
    throw invalidInput('upscale_too_large', upscaleRefusal(info.width, info.height, task.factor))
  }
  const image: RawImage = await decoded('image', async () => {
    const { data, info: i } = await openImage(task.input)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    return { data, width: i.width, height: i.height, channels: 3 }
  })
  ctx.reportProgress(0.05)
  const done = await esrganUpscale(image, task.factor, {
    signal: ctx.signal,
    onProgress: (p) => ctx.reportProgress(0.05 + 0.85 * p),
  })
  throwIfAborted(ctx.signal)
  const bicubic = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(done.width, done.height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer()
  const before = sharpness({ data: bicubic, width: done.width, height: done.height, channels: 3 })
  const after = sharpness(done)
  const png = info.format === 'png'
  const encoder = sharp(done.data, {
    raw: { width: done.width, height: done.height, channels: 3 },
  }).withMetadata({
    density: UPSCALE_DPI,
  })
  const data = png
    ? await encoder.png({ compressionLevel: 6 }).toBuffer()
    : await encoder.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer()
  ctx.reportProgress(0.98)
  return {
    outputs: [imageOutput(data, png ? 'image/png' : 'image/jpeg', done.width, done.height)],
    facts: {
      engine: 'local',
      model: upscaleStep.model,
      operations: [`upscale-${task.factor}x`],
      notes: [
        {
          id: 'upscaled',
          params: {
            factor: task.factor,
            width: done.width,
            height: done.height,
            dpi: UPSCALE_DPI,
            before: Math.round(before),
            after: Math.round(after),
          },
        },
      ],
    },
  }
}

export const upscaleStep: LocalStep<'upscale'> = {
  model: 'local-esrgan-slim-v1',
  run: (task, ctx) => runUpscale(task, ctx),
}
