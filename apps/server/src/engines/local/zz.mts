import * as fx from './fixtures.ts'
import { decodeMask, decodeRgb } from './image-io.ts'
import { inpaintMasked } from './inpaint.ts'
import { loadOpenCv } from './opencv.ts'

await loadOpenCv()
const photo = await fx.roomPhoto({ dim: false })
const maskPng = await fx.shapeMask(1024, 768, { kind: 'rect', x: 290, y: 390, w: 350, h: 180 })
for (let k = 0; k < 3; k++) {
  const t0 = performance.now()
  const img = await decodeRgb(photo, 1024, 768)
  const { mask } = await decodeMask(maskPng, 1024, 768)
  const t1 = performance.now()
  await inpaintMasked(img, mask)
  console.log('decode', (t1 - t0).toFixed(0), 'inpaint', (performance.now() - t1).toFixed(0))
}
