// Upscale on these cores (docs/decisions/0115-upscale.md): ESRGAN 2× of a square render, median wall time and the
// process's peak resident memory (the model's thread included), beside a bicubic enlargement of the same picture
// in the same process. One size per process, so the peak is that size's. Run alone:
// npx tsx bench/src/upscale.ts 1024 3
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { esrganUpscale, stopUpscaler } from '@parti/server/src/engines/local/upscale/esrgan.ts'
import sharp from 'sharp'
import { ROOT } from './processes.ts'
import { median, round } from './stats.ts'

export interface UpscaleBenchResult {
  side: number
  runs: number
  esrganMs: number
  bicubicMs: number
  peakRssMb: number
  bicubicPeakRssMb: number
  load: number
}

const side = Number(process.argv[2] ?? 1024)
const runs = Number(process.argv[3] ?? 3)

let peak = 0
const sample = () => {
  peak = Math.max(peak, process.memoryUsage().rss)
}
const timer = setInterval(sample, 50)

const { data } = await sharp(join(ROOT, 'apps/web/public/tour/interior-after.webp'))
  .resize(side, side, { fit: 'cover' })
  .removeAlpha()
  .raw()
  .toBuffer({ resolveWithObject: true })
const image = { data, width: side, height: side, channels: 3 as const }

const bicubic: number[] = []
for (let i = 0; i < 5; i++) {
  const t = performance.now()
  await sharp(data, { raw: { width: side, height: side, channels: 3 } })
    .resize(side * 2, side * 2, { kernel: 'cubic' })
    .png({ compressionLevel: 6 })
    .toBuffer()
  bicubic.push(performance.now() - t)
  sample()
}
const bicubicPeak = peak
const esrgan: number[] = []
for (let i = 0; i < runs; i++) {
  const t = performance.now()
  const out = await esrganUpscale(image, 2)
  await sharp(out.data, { raw: { width: out.width, height: out.height, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer()
  esrgan.push(performance.now() - t)
  sample()
}
clearInterval(timer)
await stopUpscaler()
const result: UpscaleBenchResult = {
  side,
  runs,
  esrganMs: Math.round(median(esrgan)),
  bicubicMs: Math.round(median(bicubic)),
  peakRssMb: round(peak / 1024 / 1024, 0),
  bicubicPeakRssMb: round(bicubicPeak / 1024 / 1024, 0),
  load: round(loadavg()[0]!, 1),
}
console.log(JSON.stringify(result))
