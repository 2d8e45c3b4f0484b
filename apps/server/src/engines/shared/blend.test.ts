import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { bandFor, blendOntoSource, changedShare, dilatedMask, type Pixels } from './blend.ts'
import { compositeOntoSource } from './composite.ts'

const W = 240
const H = 180

/** A smooth gradient with a soft texture: a photo's gentle slopes, no hard edges of its own. */
function source(): Pixels {
  const data = new Uint8Array(W * H * 3)
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3
      data[i] = 60 + Math.round((x / W) * 120 + 6 * Math.sin(x / 5))
      data[i + 1] = 90 + Math.round((y / H) * 80 + 6 * Math.cos(y / 7))
      data[i + 2] = 140 + Math.round(((x + y) / (W + H)) * 60)
    }
  return { data, width: W, height: H, channels: 3 }
}

/**
 * What a careless provider returns: a flat new object where asked, and the whole picture tinted, with a light
 * falling off across it (a drift no single gain and offset takes out).
 */
function edited(src: Pixels, object: Uint8Array, shift: [number, number, number]): Pixels {
  const data = new Uint8Array(src.data.length)
  for (let p = 0; p < W * H; p++)
    for (let k = 0; k < 3; k++) {
      const own = object[p] ? [200, 40, 50][k]! : src.data[p * 3 + k]!
      const light = k === 0 ? Math.round(((p % W) / W) * 30) : 0
      data[p * 3 + k] = Math.max(0, Math.min(255, own + shift[k]! + light))
    }
  return { ...src, data }
}

function disc(cx: number, cy: number, r: number): Uint8Array {
  const m = new Uint8Array(W * H)
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) m[y * W + x] = 255
  return m
}

/** The largest step between neighbours (any channel) among pixels of `where`. */
function maxStep(img: Pixels, where: (p: number) => boolean): number {
  let max = 0
  for (let y = 0; y < H - 1; y++)
    for (let x = 0; x < W - 1; x++) {
      const p = y * W + x
      if (!where(p)) continue
      for (const q of [p + 1, p + W])
        for (let k = 0; k < 3; k++) max = Math.max(max, Math.abs(img.data[p * 3 + k]! - img.data[q * 3 + k]!))
    }
  return max
}

describe('blendOntoSource', () => {
  const src = source()
  const lasso = disc(120, 90, 40)
  const band = bandFor(W, H)
  const grown = dilatedMask(lasso, W, H, band)
  const edit = edited(src, disc(120, 90, 28), [40, -25, 30])
  const { image: out, changedArea } = blendOntoSource(src, edit, lasso, band)

  it('keeps every pixel outside the dilated lasso byte for byte', () => {
    let differ = 0
    for (let p = 0; p < W * H; p++)
      if (!grown[p]) for (let k = 0; k < 3; k++) if (out.data[p * 3 + k] !== src.data[p * 3 + k]) differ++
    expect(differ).toBe(0)
    // and the band is a band: wider than the lasso, by about `band` pixels all round
    const share = (m: Uint8Array) => m.reduce((n, v) => n + (v ? 1 : 0), 0) / (W * H)
    expect(share(grown)).toBeGreaterThan(share(lasso) * 1.15)
  })

  it('keeps the edit inside the lasso (past the inner half band), with the provider tint taken out', () => {
    const p = 90 * W + 120
    // the new object is [200, 40, 50]; the provider added [40, -25, 30] everywhere, and light on the red
    // as it came the red is 255 (200 + 40 + 15): the ring around the lasso shows the drift and it is taken out
    expect(edit.data[p * 3]).toBe(255)
    expect(Math.abs(out.data[p * 3]! - 200)).toBeLessThanOrEqual(20)
    expect(Math.abs(out.data[p * 3 + 1]! - 40)).toBeLessThanOrEqual(6)
    expect(Math.abs(out.data[p * 3 + 2]! - 50)).toBeLessThanOrEqual(6)
  })

  it('blends the seam: across the band no step is steeper than the picture itself has', () => {
    const object = disc(120, 90, 30)
    const seam = (p: number) => !!grown[p] && !object[p]
    const hard: Pixels = { ...src, data: Uint8Array.from(src.data) }
    for (let p = 0; p < W * H; p++)
      if (lasso[p]) for (let k = 0; k < 3; k++) hard.data[p * 3 + k] = edit.data[p * 3 + k]!
    const own = maxStep(src, seam)
    // pasting the provider's image as it came leaves a step of its tint all round the lasso
    expect(maxStep(hard, seam)).toBeGreaterThan(own + 30)
    expect(maxStep(out, seam)).toBeLessThanOrEqual(own + 6)
  })

  it('measures the changed share: the new object, not the tint the provider put on the rest', () => {
    const lassoShare = disc(120, 90, 28).reduce((n, v) => n + (v ? 1 : 0), 0) / (W * H)
    const grownShare = grown.reduce((n, v) => n + (v ? 1 : 0), 0) / (W * H)
    const changed = changedShare(src, out)
    expect(changedArea).toBe(changed)
    expect(changed).toBeGreaterThanOrEqual(lassoShare * 0.95)
    expect(changed).toBeLessThanOrEqual(grownShare)
  })

  it('leaves the source alone when the lasso is empty', () => {
    const { image: none } = blendOntoSource(src, edit, new Uint8Array(W * H), band)
    expect(Buffer.compare(Buffer.from(none.data), Buffer.from(src.data))).toBe(0)
    expect(changedShare(src, none)).toBe(0)
  })
})

describe('compositeOntoSource', () => {
  it('scales a result of another size to the source, and keeps the decoded source outside the band', async () => {
    const src = source()
    const lasso = disc(60, 60, 25)
    const png = await sharp(Buffer.from(src.data), { raw: { width: W, height: H, channels: 3 } })
      .png()
      .toBuffer()
    const mask = await sharp(Buffer.from(lasso), { raw: { width: W, height: H, channels: 1 } })
      .png()
      .toBuffer()
    const small = edited(src, lasso, [-30, 20, 10])
    const providerImage = await sharp(Buffer.from(small.data), { raw: { width: W, height: H, channels: 3 } })
      .resize(W / 2, H / 2)
      .jpeg({ quality: 80 })
      .toBuffer()
    const { output, changedArea } = await compositeOntoSource(png, providerImage, mask)
    expect([output.width, output.height, output.contentType]).toEqual([W, H, 'image/png'])
    const { data, info } = await sharp(output.data).raw().toBuffer({ resolveWithObject: true })
    expect(info.channels).toBe(3)
    const grown = dilatedMask(lasso, W, H, bandFor(W, H))
    let differ = 0
    let inside = 0
    for (let p = 0; p < W * H; p++) {
      const moved = [0, 1, 2].some((k) => data[p * 3 + k] !== src.data[p * 3 + k])
      if (!grown[p] && moved) differ++
      if (lasso[p] && moved) inside++
    }
    expect(differ).toBe(0)
    expect(inside).toBeGreaterThan(lasso.reduce((n, v) => n + (v ? 1 : 0), 0) * 0.9)
    expect(changedArea).toBeGreaterThan(0.03)
    expect(changedArea).toBeLessThan(0.1)
  })
})

describe('a hard-edged edit (a selection brightened, as the built-in engine makes it)', () => {
  it('fades out over the band instead of stopping at the lasso', () => {
    const src = source()
    const lasso = disc(120, 90, 40)
    const edit: Pixels = { ...src, data: Uint8Array.from(src.data) }
    for (let p = 0; p < W * H; p++)
      if (lasso[p])
        for (let k = 0; k < 3; k++) edit.data[p * 3 + k] = Math.min(255, src.data[p * 3 + k]! + 40)
    const band = bandFor(W, H)
    const { image: out } = blendOntoSource(src, edit, lasso, band)
    const grown = dilatedMask(lasso, W, H, band)
    const own = maxStep(src, (p) => !!grown[p])
    // 40 levels at once as made; spread over the band, a fraction of it per pixel
    expect(maxStep(edit, (p) => !!grown[p])).toBeGreaterThan(own + 30)
    expect(maxStep(out, (p) => !!grown[p])).toBeLessThanOrEqual(own + 16)
    expect(out.data[(90 * W + 120) * 3]).toBe(edit.data[(90 * W + 120) * 3])
  })
})
