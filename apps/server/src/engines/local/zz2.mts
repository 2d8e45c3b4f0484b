import * as fx from './fixtures.ts'
import { decodeRgb } from './image-io.ts'
import { applyLight, denoise, measureLight } from './staging/clean.ts'

const img = await decodeRgb(await fx.roomPhoto(), 1024, 768)
const std = (label: string) => {
  // flat patch on the back wall: x 250..400, y 150..250
  let s = 0,
    s2 = 0,
    n = 0
  for (let y = 150; y < 250; y++)
    for (let x = 260; x < 400; x++) {
      const v = img.data[(y * 1024 + x) * 3 + 1]!
      s += v
      s2 += v * v
      n++
    }
  console.log(label, 'mean', (s / n).toFixed(1), 'std', Math.sqrt(s2 / n - (s / n) ** 2).toFixed(2))
}
std('input')
applyLight(img, await measureLight(img))
std('light')
const t = performance.now()
await denoise(img)
std('denoise')
console.log((performance.now() - t).toFixed(0), 'ms')
