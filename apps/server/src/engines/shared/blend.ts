/**
 * Pure pixel work behind masked edits (docs/product.md#masked-edits): an engine's edit put back onto the source
 * so that nothing outside the lasso's dilation band moves, the provider's colour drift is undone and the seam is
 * blended in two bands (smooth and detail). Raw interleaved 8-bit pixels, no I/O; composite.ts decodes and encodes around it.
 */

export interface Pixels {
  data: Uint8Array
  width: number
  height: number
  /** 3 (RGB) or 4 (RGBA: the alpha is the source's, never blended) */
  channels: 3 | 4
}

/** The dilation band for an image: wide enough for a feather, about 1/128 of the long side (8 px at 1024). */
export function bandFor(width: number, height: number): number {
  return Math.max(4, Math.round(Math.max(width, height) / 128))
}

/** A channel must move by more than this many of 255 levels to count as changed (compression noise does not). */
const CHANGE_THRESHOLD = 8

/**
 * Chamfer (3-4) distance in pixels from every pixel to the nearest masked one (with `outside`, to the nearest
 * unmasked one), computed in the box `r` and capped at `cap`; 0 on the seeds themselves.
 */
function distanceToMask(mask: Uint8Array, width: number, r: Box, cap: number, outside = false): Float32Array {
  const w = r.x1 - r.x0
  const h = r.y1 - r.y0
  const far = (cap + 2) * 3
  const d = new Float32Array(w * h)
  for (let y = 0; y < h; y++) {
    const row = (y + r.y0) * width + r.x0
    for (let x = 0; x < w; x++) d[y * w + x] = (mask[row + x] !== 0) !== outside ? 0 : far
  }
  // two raster passes, written out without closures: this runs over every pixel of the box (a hot loop)
  for (let y = 0; y < h; y++)
    for (let x = 0, i = y * w; x < w; x++, i++) {
      let v = d[i]!
      if (x > 0 && d[i - 1]! + 3 < v) v = d[i - 1]! + 3
      if (y > 0) {
        const j = i - w
        if (d[j]! + 3 < v) v = d[j]! + 3
        if (x > 0 && d[j - 1]! + 4 < v) v = d[j - 1]! + 4
        if (x < w - 1 && d[j + 1]! + 4 < v) v = d[j + 1]! + 4
      }
      d[i] = v
    }
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1, i = y * w + w - 1; x >= 0; x--, i--) {
      let v = d[i]!
      if (x < w - 1 && d[i + 1]! + 3 < v) v = d[i + 1]! + 3
      if (y < h - 1) {
        const j = i + w
        if (d[j]! + 3 < v) v = d[j]! + 3
        if (x < w - 1 && d[j + 1]! + 4 < v) v = d[j + 1]! + 4
        if (x > 0 && d[j - 1]! + 4 < v) v = d[j - 1]! + 4
      }
      d[i] = v
    }
  for (let i = 0; i < d.length; i++) d[i] = Math.min(cap + 1, d[i]! / 3)
  return d
}

export interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** Pixels that are a part of a larger picture, with their top-left corner in it. */
type Placed = Pixels & { x0: number; y0: number }

/** The part of the picture the blend reads and may change (the lasso, grown by two bands); null for no lasso. */
export function blendBox(mask: Uint8Array, width: number, height: number, band: number): Box | null {
  return maskBox(mask, width, height, 2 * band + 2)
}

function maskBox(mask: Uint8Array, width: number, height: number, grow: number): Box | null {
  let x0 = width
  let y0 = height
  let x1 = -1
  let y1 = -1
  // four pixels at a time where the rows allow it: most rows of a mask are empty
  const words =
    mask.byteOffset % 4 === 0 && width % 4 === 0 && mask.length === width * height
      ? new Uint32Array(mask.buffer, mask.byteOffset, mask.length / 4)
      : null
  for (let y = 0; y < height; y++) {
    const row = y * width
    let first = row
    let last = row + width - 1
    if (words) {
      const start = row / 4
      const end = start + width / 4
      let k = start
      while (k < end && !words[k]) k++
      if (k === end) continue
      first = k * 4
      k = end - 1
      while (!words[k]) k--
      last = k * 4 + 3
    }
    while (first <= last && !mask[first]) first++
    if (first > last) continue
    while (!mask[last]) last--
    if (first - row < x0) x0 = first - row
    if (last - row > x1) x1 = last - row
    if (y < y0) y0 = y
    y1 = y
  }
  if (x1 < 0) return null
  return {
    x0: Math.max(0, x0 - grow),
    y0: Math.max(0, y0 - grow),
    x1: Math.min(width, x1 + grow + 1),
    y1: Math.min(height, y1 + grow + 1),
  }
}

/** 1 at `from` and before, falling smoothly to 0 at `to`. */
function ramp(at: number, from: number, to: number): number {
  if (at <= from) return 1
  if (at >= to) return 0
  const t = (at - from) / (to - from)
  return 1 - t * t * (3 - 2 * t)
}

/**
 * Per-channel gain and offset that map the edit onto the source where both should agree: the ring just outside
 * the lasso (1..2 bands). A provider that shifts or tints the whole picture is undone; the change inside the
 * lasso keeps its own colour relative to that. Clamped, so a ring that genuinely differs cannot swing it far.
 */
function colourMatch(src: Pixels, edit: Placed, dist: Float32Array, r: Box, band: number) {
  const c = 3
  const n = [0, 0, 0]
  const sumS = [0, 0, 0]
  const sumE = [0, 0, 0]
  const sqS = [0, 0, 0]
  const sqE = [0, 0, 0]
  const w = r.x1 - r.x0
  let count = 0
  for (let y = r.y0; y < r.y1; y++)
    for (let x = r.x0; x < r.x1; x++) {
      const dd = dist[(y - r.y0) * w + x - r.x0]!
      if (dd <= band / 2 || dd > 2 * band) continue
      count++
      const i = (y * src.width + x) * src.channels
      const j = ((y - edit.y0) * edit.width + x - edit.x0) * edit.channels
      for (let k = 0; k < c; k++) {
        const s = src.data[i + k]!
        const e = edit.data[j + k]!
        n[k]!++
        sumS[k]! += s
        sumE[k]! += e
        sqS[k]! += s * s
        sqE[k]! += e * e
      }
    }
  if (count < 16) return { gain: [1, 1, 1], offset: [0, 0, 0] }
  const gain: number[] = []
  const offset: number[] = []
  for (let k = 0; k < c; k++) {
    const ms = sumS[k]! / n[k]!
    const me = sumE[k]! / n[k]!
    const sdS = Math.sqrt(Math.max(0, sqS[k]! / n[k]! - ms * ms))
    const sdE = Math.sqrt(Math.max(0, sqE[k]! / n[k]! - me * me))
    const g = sdE > 2 && sdS > 2 ? Math.min(1.33, Math.max(0.75, sdS / sdE)) : 1
    gain.push(g)
    offset.push(Math.min(64, Math.max(-64, ms - g * me)))
  }
  return { gain, offset }
}

/** Box blur of one plane, radius `rad`, separable, edges clamped. */
function boxBlur(src: Float32Array, w: number, h: number, rad: number): Float32Array {
  const tmp = new Float32Array(w * h)
  const out = new Float32Array(w * h)
  const span = 2 * rad + 1
  for (let y = 0; y < h; y++) {
    let acc = 0
    for (let k = -rad; k <= rad; k++) acc += src[y * w + Math.min(w - 1, Math.max(0, k))]!
    for (let x = 0; x < w; x++) {
      tmp[y * w + x] = acc / span
      acc += src[y * w + Math.min(w - 1, x + rad + 1)]! - src[y * w + Math.max(0, x - rad)]!
    }
  }
  // the vertical pass row by row, a running sum per column (the same sums as column by column, read in order)
  const acc = new Float64Array(w)
  for (let k = -rad; k <= rad; k++) {
    const row = Math.min(h - 1, Math.max(0, k)) * w
    for (let x = 0; x < w; x++) acc[x] = acc[x]! + tmp[row + x]!
  }
  for (let y = 0; y < h; y++) {
    const add = Math.min(h - 1, y + rad + 1) * w
    const drop = Math.max(0, y - rad) * w
    const at = y * w
    for (let x = 0; x < w; x++) {
      out[at + x] = acc[x]! / span
      acc[x] = acc[x]! + (tmp[add + x]! - tmp[drop + x]!)
    }
  }
  return out
}

/**
 * The edit put back onto the source, on a copy of the source. What the edit changes is split in two bands: its
 * smooth part (the local average of the change inside the lasso, a normalised convolution over one band) and its
 * detail (the rest). Deep inside the lasso both are kept, so the colour-matched edit is there as made; over the
 * inner half band the detail fades in; outside the lasso the smooth part alone fades out over the band, so a
 * hard-edged edit (a selection brightened) leaves no step and a provider's changes past the lasso are not
 * carried over. Beyond the band the source's bytes stay as they are. `edit` has the source's channels, and its
 * size or only the box `blendBox` gives (nothing outside that box is read: a caller decodes no more); a caller
 * that has that box already passes it.
 */
export function blendOntoSource(
  src: Pixels,
  edit: Pixels,
  mask: Uint8Array,
  band: number,
  box = blendBox(mask, src.width, src.height, band),
): { image: Pixels; changedArea: number } {
  const out: Pixels = { ...src, data: new Uint8Array(src.data) }
  if (!box) return { image: out, changedArea: 0 }
  const whole = edit.width === src.width && edit.height === src.height
  const placed: Placed = { ...edit, x0: whole ? 0 : box.x0, y0: whole ? 0 : box.y0 }
  const dist = distanceToMask(mask, src.width, box, 2 * band)
  const depth = distanceToMask(mask, src.width, box, band, true)
  const { gain, offset } = colourMatch(src, placed, dist, box, band)
  const w = box.x1 - box.x0
  const h = box.y1 - box.y0
  const inside = new Float32Array(w * h)
  for (let q = 0; q < inside.length; q++) inside[q] = dist[q]! === 0 ? 1 : 0
  const weight = boxBlur(inside, w, h, band)
  // the blend's own weights, once for the three channels: the share of the smooth change kept (outside the
  // lasso) and of the detail kept (inside); -1 where the pixel is past the band and stays the source's
  const lowKeep = new Float64Array(w * h)
  const detailKeep = new Float64Array(w * h)
  for (let q = 0; q < lowKeep.length; q++) {
    const d = dist[q]!
    if (d >= band) lowKeep[q] = -1
    else if (d > 0) lowKeep[q] = ramp(d - 0.5, 0, band)
    else {
      lowKeep[q] = 1
      detailKeep[q] = 1 - ramp(depth[q]! - 0.5, 0, band / 2)
    }
  }
  // locals, not property reads, in the per-pixel loops (hot: every pixel of the box, three times)
  const sData = src.data
  const eData = edit.data
  const oData = out.data
  const stride = src.width * src.channels
  const ch = src.channels
  const changes = [new Float32Array(w * h), new Float32Array(w * h), new Float32Array(w * h)] as const
  const [c0, c1, c2] = changes
  const [g0, g1, g2] = gain as [number, number, number]
  const [o0, o1, o2] = offset as [number, number, number]
  for (let y = 0, q = 0; y < h; y++) {
    let j = ((y + box.y0 - placed.y0) * edit.width + box.x0 - placed.x0) * ch
    for (let x = 0, i = (y + box.y0) * stride + box.x0 * ch; x < w; x++, q++, i += ch, j += ch) {
      if (!inside[q]) continue
      c0[q] = g0 * eData[j]! + o0 - sData[i]!
      c1[q] = g1 * eData[j + 1]! + o1 - sData[i + 1]!
      c2[q] = g2 * eData[j + 2]! + o2 - sData[i + 2]!
    }
  }
  const smooths = changes.map((c) => boxBlur(c, w, h, band))
  for (let k = 0; k < 3; k++) {
    const change = changes[k]!
    const smooth = smooths[k]!
    for (let y = 0, q = 0; y < h; y++)
      for (let x = 0, i = (y + box.y0) * stride + box.x0 * ch + k; x < w; x++, q++, i += ch) {
        const keep = lowKeep[q]!
        if (keep < 0) continue
        const wq = weight[q]!
        const low = wq > 1e-3 ? smooth[q]! / wq : 0
        // outside: the smooth part fading over the band; inside: the detail fading in over half a band
        const v = sData[i]! + keep * low + detailKeep[q]! * (change[q]! - low)
        oData[i] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v)
      }
  }
  // nothing outside the box moved, so the count is the box's
  return { image: out, changedArea: changedShare(src, out, box) }
}

/** The dilated mask: every pixel the blend may touch (the lasso and `band` pixels around it), 0/255. */
export function dilatedMask(mask: Uint8Array, width: number, height: number, band: number): Uint8Array {
  const out = new Uint8Array(width * height)
  const box = maskBox(mask, width, height, band + 2)
  if (!box) return out
  const dist = distanceToMask(mask, width, box, band)
  const w = box.x1 - box.x0
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++)
      if (dist[(y - box.y0) * w + x - box.x0]! < band) out[y * width + x] = 255
  return out
}

/**
 * The share of the picture's pixels (0–1) where one colour channel moved by more than CHANGE_THRESHOLD levels;
 * with `within`, only that box is looked at (the rest is known to be the same).
 */
export function changedShare(a: Pixels, b: Pixels, within?: Box): number {
  const r = within ?? { x0: 0, y0: 0, x1: a.width, y1: a.height }
  let changed = 0
  for (let y = r.y0; y < r.y1; y++)
    for (let x = r.x0; x < r.x1; x++) {
      const p = y * a.width + x
      const i = p * a.channels
      const j = p * b.channels
      if (
        Math.abs(a.data[i]! - b.data[j]!) > CHANGE_THRESHOLD ||
        Math.abs(a.data[i + 1]! - b.data[j + 1]!) > CHANGE_THRESHOLD ||
        Math.abs(a.data[i + 2]! - b.data[j + 2]!) > CHANGE_THRESHOLD
      )
        changed++
    }
  return a.width * a.height ? changed / (a.width * a.height) : 0
}
