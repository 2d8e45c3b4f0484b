import sharp from 'sharp'

/** A tiny seeded PRNG: the same job always draws the same paper grain and strokes (same input → same bytes). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function randomGrey(width: number, height: number, seed: number): Buffer {
  const rand = mulberry32(seed)
  const out = Buffer.allocUnsafe(width * height)
  for (let i = 0; i < out.length; i++) out[i] = (rand() * 256) | 0
  return out
}

// Textures depend only on size and seed, and a worker renders the same sizes again and again: keep a few.
const cache = new Map<string, Promise<Uint8Array>>()
const CACHE_LIMIT = 24

function cached(key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const hit = cache.get(key)
  if (hit) {
    cache.delete(key)
    cache.set(key, hit)
    return hit
  }
  const made = make()
  cache.set(key, made)
  made.catch(() => cache.delete(key))
  while (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!)
  return made
}

/** Value noise with features about `cell` pixels wide, 0..255 around 128, stretched to full contrast. */
export function smoothNoise(width: number, height: number, cell: number, seed: number): Promise<Uint8Array> {
  return cached(`smooth:${width}x${height}:${cell}:${seed}`, async () => {
    const w = Math.max(2, Math.round(width / cell))
    const h = Math.max(2, Math.round(height / cell))
    return sharp(randomGrey(w, h, seed), { raw: { width: w, height: h, channels: 1 } })
      .resize(width, height, { fit: 'fill', kernel: 'cubic' })
      .normalise()
      .toColourspace('b-w')
      .raw()
      .toBuffer()
  })
}

/** Streaks along `angle` degrees, like the overlapping passes of a marker or a brush. */
export function streakNoise(width: number, height: number, angle: number, seed: number): Promise<Uint8Array> {
  return cached(`streak:${width}x${height}:${angle}:${seed}`, async () => {
    const side = Math.ceil(Math.hypot(width, height))
    // long in one direction, short across it: each random cell becomes a stroke
    const w = Math.max(2, Math.round(side / 260))
    const h = Math.max(2, Math.round(side / 16))
    const rotated = await sharp(randomGrey(w, h, seed), { raw: { width: w, height: h, channels: 1 } })
      .resize(side, side, { fit: 'fill', kernel: 'cubic' })
      .rotate(angle, { background: '#808080' })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true })
    const left = Math.floor((rotated.info.width - width) / 2)
    const top = Math.floor((rotated.info.height - height) / 2)
    return sharp(rotated.data, {
      raw: { width: rotated.info.width, height: rotated.info.height, channels: 1 },
    })
      .extract({ left, top, width, height })
      .normalise()
      .toColourspace('b-w')
      .raw()
      .toBuffer()
  })
}

/** Paper: fine grain plus a faint fibre; 0..255 around 128. */
export function paperGrain(width: number, height: number, seed: number): Promise<Uint8Array> {
  return cached(`paper:${width}x${height}:${seed}`, async () => {
    const [fine, fibre] = await Promise.all([
      sharp(randomGrey(width, height, seed), { raw: { width, height, channels: 1 } })
        .blur(0.6)
        .toColourspace('b-w')
        .raw()
        .toBuffer(),
      smoothNoise(width, height, 6, seed + 1),
    ])
    const out = new Uint8Array(width * height)
    for (let i = 0; i < out.length; i++) out[i] = (fine[i]! * 0.6 + fibre[i]! * 0.4) | 0
    return out
  })
}
