import type { RawImage } from '../image-io.ts'

// How an upscale is measured (docs/decisions/0115-upscale.md): sharpness for the user's notes, PSNR and SSIM
// against a known original for the tests and the bench. One definition each.

/** Rec. 709 luma of each pixel, 0–255. */
function luma(img: RawImage): Float32Array {
  const n = img.width * img.height
  const y = new Float32Array(n)
  const c = img.channels
  for (let p = 0, i = 0; p < n; p++, i += c) {
    y[p] =
      c >= 3 ? 0.2126 * img.data[i]! + 0.7152 * img.data[i + 1]! + 0.0722 * img.data[i + 2]! : img.data[i]!
  }
  return y
}

/**
 * Sharpness: the variance of the 4-neighbour Laplacian of the luma (the usual focus measure). It only compares
 * pictures of the same size, so an upscale's notes measure both at the new size: the plain (bicubic)
 * enlargement and the upscaled result.
 */
export function sharpness(img: RawImage): number {
  const { width: w, height: h } = img
  const y = luma(img)
  let sum = 0
  let sum2 = 0
  let n = 0
  for (let r = 1; r < h - 1; r++) {
    for (let c = 1; c < w - 1; c++) {
      const i = r * w + c
      const l = y[i - 1]! + y[i + 1]! + y[i - w]! + y[i + w]! - 4 * y[i]!
      sum += l
      sum2 += l * l
      n++
    }
  }
  if (n === 0) return 0
  const mean = sum / n
  return sum2 / n - mean * mean
}

/** Peak signal-to-noise ratio in dB over the RGB channels of two pictures of one size. */
export function psnr(a: RawImage, b: RawImage): number {
  if (a.width !== b.width || a.height !== b.height || a.channels !== b.channels)
    throw new Error('sizes differ')
  let se = 0
  for (let i = 0; i < a.data.length; i++) {
    const d = a.data[i]! - b.data[i]!
    se += d * d
  }
  const mse = se / a.data.length
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse)
}

/** Mean structural similarity of the lumas, over 8×8 windows every 4 pixels (Wang et al. 2004 constants). */
export function ssim(a: RawImage, b: RawImage): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('sizes differ')
  const ya = luma(a)
  const yb = luma(b)
  const w = a.width
  const C1 = (0.01 * 255) ** 2
  const C2 = (0.03 * 255) ** 2
  const WIN = 8
  let total = 0
  let count = 0
  for (let y0 = 0; y0 + WIN <= a.height; y0 += 4) {
    for (let x0 = 0; x0 + WIN <= w; x0 += 4) {
      let sa = 0
      let sb = 0
      let saa = 0
      let sbb = 0
      let sab = 0
      for (let y = y0; y < y0 + WIN; y++) {
        for (let x = x0; x < x0 + WIN; x++) {
          const p = ya[y * w + x]!
          const q = yb[y * w + x]!
          sa += p
          sb += q
          saa += p * p
          sbb += q * q
          sab += p * q
        }
      }
      const n = WIN * WIN
      const ma = sa / n
      const mb = sb / n
      const va = saa / n - ma * ma
      const vb = sbb / n - mb * mb
      const cov = sab / n - ma * mb
      total += ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2))
      count++
    }
  }
  return total / count
}
