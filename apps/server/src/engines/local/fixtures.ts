import sharp from 'sharp'
import { mulberry32 } from './noise.ts'

// Test and contact-sheet inputs drawn by code: hand-drawn-looking sketches, synthetic room photos, masks.
// Nothing is downloaded, so every test runs offline and the inputs are the same on every machine.

export type Pt = [number, number]
export type Seg = [Pt, Pt]

/** One stroke as an architect draws it: slightly wobbly, overshooting both ends. */
function stroke([a, b]: Seg, rand: () => number, overshoot: number): string {
  const dx = b[0] - a[0]
  const dy = b[1] - a[1]
  const len = Math.hypot(dx, dy) || 1
  const ux = dx / len
  const uy = dy / len
  const o1 = overshoot * (0.4 + rand())
  const o2 = overshoot * (0.4 + rand())
  const start: Pt = [a[0] - ux * o1, a[1] - uy * o1]
  const end: Pt = [b[0] + ux * o2, b[1] + uy * o2]
  const wobble = () => (rand() - 0.5) * 3
  const mid = (t: number): Pt => [
    start[0] + (end[0] - start[0]) * t - uy * wobble(),
    start[1] + (end[1] - start[1]) * t + ux * wobble(),
  ]
  const m1 = mid(0.33)
  const m2 = mid(0.66)
  return `M${start[0].toFixed(1)} ${start[1].toFixed(1)} Q${m1[0].toFixed(1)} ${m1[1].toFixed(1)} ${((m1[0] + m2[0]) / 2).toFixed(1)} ${((m1[1] + m2[1]) / 2).toFixed(1)} T${end[0].toFixed(1)} ${end[1].toFixed(1)}`
}

function rect(x0: number, y0: number, x1: number, y1: number): Seg[] {
  return [
    [
      [x0, y0],
      [x1, y0],
    ],
    [
      [x1, y0],
      [x1, y1],
    ],
    [
      [x1, y1],
      [x0, y1],
    ],
    [
      [x0, y1],
      [x0, y0],
    ],
  ]
}

/** A window with a cross of glazing bars. */
function windowWithBars(x0: number, y0: number, x1: number, y1: number): Seg[] {
  const cx = (x0 + x1) / 2
  const cy = (y0 + y1) / 2
  return [
    ...rect(x0, y0, x1, y1),
    [
      [cx, y0],
      [cx, y1],
    ],
    [
      [x0, cy],
      [x1, cy],
    ],
  ]
}

/** A two-storey house with a pitched roof, a flat-roofed annex, windows, a door and a ground line (1024×768 units). */
function houseSegments(): Seg[] {
  return [
    [
      [30, 620],
      [994, 620],
    ],
    ...rect(220, 330, 620, 620),
    [
      [196, 342],
      [420, 172],
    ],
    [
      [420, 172],
      [644, 342],
    ],
    [
      [196, 342],
      [644, 342],
    ],
    ...rect(620, 420, 880, 620),
    [
      [612, 404],
      [892, 404],
    ],
    [
      [892, 404],
      [892, 420],
    ],
    ...windowWithBars(262, 390, 362, 480),
    ...windowWithBars(478, 390, 578, 480),
    ...rect(390, 510, 452, 620),
    ...rect(660, 455, 840, 530),
    [
      [720, 455],
      [720, 530],
    ],
    [
      [780, 455],
      [780, 530],
    ],
    ...rect(520, 200, 560, 262),
    ...rect(262, 530, 362, 580),
  ]
}

/** A room in one-point perspective: back wall, side walls, floor, ceiling, a window and a door. */
function interiorSegments(): Seg[] {
  return [
    ...rect(330, 250, 700, 520),
    [
      [0, 0],
      [330, 250],
    ],
    [
      [1024, 0],
      [700, 250],
    ],
    [
      [0, 768],
      [330, 520],
    ],
    [
      [1024, 768],
      [700, 520],
    ],
    ...windowWithBars(410, 300, 620, 440),
    [
      [120, 240],
      [220, 315],
    ],
    [
      [220, 315],
      [220, 600],
    ],
    [
      [120, 240],
      [120, 680],
    ],
  ]
}

type SketchMedium = 'digital' | 'pencil' | 'phone'

export interface SketchOptions {
  width?: number
  height?: number
  medium?: SketchMedium
  segments?: Seg[]
  /** small round marks in design units: the dots of a handwritten i */
  dots?: Pt[]
  seed?: number
}

function sketchSvg(
  segments: Seg[],
  width: number,
  height: number,
  medium: SketchMedium,
  seed: number,
  dots: Pt[] = [],
): string {
  const rand = mulberry32(seed)
  const k = Math.min(width / 1024, height / 768)
  const ox = (width - 1024 * k) / 2
  const oy = (height - 768 * k) / 2
  const place = ([x, y]: Pt): Pt => [ox + x * k, oy + y * k]
  const pencil = medium !== 'digital'
  const paths = segments
    .map(([a, b]) => {
      const d = stroke([place(a), place(b)], rand, (pencil ? 9 : 4) * k)
      // pencil lines are often gone over twice, a little apart
      const again =
        pencil && rand() < 0.4
          ? `<path d="${stroke([place(a), place(b)], rand, 6 * k)}" stroke-width="${1.4 * k}" opacity="0.55"/>`
          : ''
      return `<path d="${d}"/>${again}`
    })
    .join('')
  const ink = pencil ? '#3a3a3e' : '#111111'
  const marks = dots.map((d) => {
    const [x, y] = place(d)
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(1.9 * k).toFixed(2)}" fill="${ink}"/>`
  })
  const paper = medium === 'phone' ? '#c9c3b6' : medium === 'pencil' ? '#f3efe6' : '#ffffff'
  // scans and phone photos light the paper unevenly: a shadow falls across one side
  const shade =
    medium === 'digital'
      ? ''
      : `<defs><radialGradient id="light" cx="0.3" cy="0.25" r="${medium === 'phone' ? 0.9 : 1.2}"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${medium === 'phone' ? 0.45 : 0.18}"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#light)"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${paper}"/><g fill="none" stroke="${ink}" stroke-width="${(pencil ? 2.6 : 3) * k}" stroke-linecap="round" opacity="${pencil ? 0.85 : 1}">${paths}</g><g opacity="${pencil ? 0.85 : 1}">${marks.join('')}</g>${shade}</svg>`
}

/** A house sketch as a scan, a phone photo of paper or clean digital lines. */
export async function houseSketch(options: SketchOptions = {}): Promise<Buffer> {
  const { width = 1024, height = 768, medium = 'pencil', segments = houseSegments(), seed = 7 } = options
  const image = sharp(Buffer.from(sketchSvg(segments, width, height, medium, seed, options.dots)))
  if (medium === 'digital') return image.png().toBuffer()
  // grain of paper and sensor; a phone photo is also a little soft and JPEG-compressed
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const rand = mulberry32(seed + 99)
  const amp = medium === 'phone' ? 14 : 6
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i]! + (rand() - 0.5) * amp))
  const noisy = sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
  return medium === 'phone' ? noisy.blur(0.8).jpeg({ quality: 80 }).toBuffer() : noisy.png().toBuffer()
}

export function interiorSketch(options: SketchOptions = {}): Promise<Buffer> {
  return houseSketch({ ...options, segments: interiorSegments() })
}

export function blankImage(width = 512, height = 384, colour = '#ffffff'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()
}

export interface RoomOptions {
  width?: number
  height?: number
  /** degrees the camera was tilted; straightening should undo it */
  tilt?: number
  /** a dim, yellow-cast exposure like a phone indoors */
  dim?: boolean
  seed?: number
}

/** A synthetic room photo: back and side walls, floor boards, ceiling, a bright window, a sofa and a lamp. */
export async function roomPhoto(options: RoomOptions = {}): Promise<Buffer> {
  const { width = 1024, height = 768, tilt = 0, dim = true, seed = 3 } = options
  const boards = Array.from({ length: 14 }, (_, i) => {
    const x = -400 + i * 130
    return `<line x1="${512 + (x - 512) * 0.3}" y1="540" x2="${x}" y2="768" stroke="#6b4a30" stroke-width="3" opacity="0.5"/>`
  }).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768" viewBox="0 0 1024 768">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#b9ad98"/><stop offset="1" stop-color="#cfc4ae"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8a6446"/><stop offset="1" stop-color="#5e412b"/></linearGradient>
  </defs>
  <rect width="1024" height="768" fill="#d8d0c0"/>
  <polygon points="0,0 1024,0 800,120 224,120" fill="#e6e0d4"/>
  <rect x="224" y="120" width="576" height="420" fill="url(#wall)"/>
  <polygon points="0,0 224,120 224,540 0,768" fill="#a99d88"/>
  <polygon points="1024,0 800,120 800,540 1024,768" fill="#b3a792"/>
  <polygon points="0,768 224,540 800,540 1024,768" fill="url(#floor)"/>
  ${boards}
  <rect x="420" y="170" width="220" height="200" fill="#f4f7fa"/>
  <rect x="420" y="170" width="220" height="200" fill="none" stroke="#f0ece4" stroke-width="10"/>
  <line x1="530" y1="170" x2="530" y2="370" stroke="#e8e2d6" stroke-width="6"/>
  <rect x="300" y="430" width="330" height="130" rx="14" fill="#5d6670"/>
  <rect x="300" y="400" width="330" height="60" rx="14" fill="#6b7580"/>
  <rect x="690" y="300" width="8" height="220" fill="#333"/>
  <polygon points="660,300 728,300 712,250 676,250" fill="#efe3c8"/>
  <rect x="120" y="330" width="60" height="90" fill="#7a8f6a"/>
  </svg>`
  let image = sharp(Buffer.from(svg)).resize(width, height, { fit: 'fill' })
  if (tilt !== 0) {
    const rotated = await image.rotate(tilt, { background: '#000000' }).png().toBuffer()
    const meta = await sharp(rotated).metadata()
    // crop the rotated frame back to the original aspect so only the content is tilted, as a camera would do
    const rad = (Math.abs(tilt) * Math.PI) / 180
    const scale = Math.cos(rad) + (Math.max(width, height) / Math.min(width, height)) * Math.sin(rad)
    const w = Math.floor(width / scale)
    const h = Math.floor(height / scale)
    image = sharp(rotated)
      .extract({
        left: Math.round(((meta.width ?? width) - w) / 2),
        top: Math.round(((meta.height ?? height) - h) / 2),
        width: w,
        height: h,
      })
      .resize(width, height, { fit: 'fill' })
  }
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const rand = mulberry32(seed)
  for (let i = 0; i < data.length; i += 3) {
    const n = (rand() - 0.5) * 18
    // a dim phone exposure with a yellow cast from tungsten light
    const k = dim ? 0.62 : 1
    data[i] = Math.max(0, Math.min(255, data[i]! * k * (dim ? 1.06 : 1) + n))
    data[i + 1] = Math.max(0, Math.min(255, data[i + 1]! * k + n))
    data[i + 2] = Math.max(0, Math.min(255, data[i + 2]! * k * (dim ? 0.8 : 1) + n))
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer()
}

/** A richly textured picture (shapes at many scales) so motion between video frames can be measured. */
export async function texturedPhoto(width = 1280, height = 720, seed = 11): Promise<Buffer> {
  const rand = mulberry32(seed)
  const shapes = Array.from({ length: 90 }, () => {
    const x = rand() * width
    const y = rand() * height
    const r = 8 + rand() * rand() * 140
    const hue = Math.floor(rand() * 360)
    const light = 25 + Math.floor(rand() * 55)
    return rand() < 0.5
      ? `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="hsl(${hue},60%,${light}%)"/>`
      : `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${(r * 1.6).toFixed(0)}" height="${r.toFixed(0)}" fill="hsl(${hue},55%,${light}%)" transform="rotate(${Math.floor(rand() * 90)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`
  }).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9fc2dd"/><stop offset="1" stop-color="#d9c29a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer()
}

/** A lasso mask: white inside the ellipse or rectangle, black elsewhere, at the image's size. */
export function shapeMask(
  width: number,
  height: number,
  shape: { kind: 'ellipse' | 'rect'; x: number; y: number; w: number; h: number },
): Promise<Buffer> {
  const body =
    shape.kind === 'ellipse'
      ? `<ellipse cx="${shape.x + shape.w / 2}" cy="${shape.y + shape.h / 2}" rx="${shape.w / 2}" ry="${shape.h / 2}" fill="#fff"/>`
      : `<rect x="${shape.x}" y="${shape.y}" width="${shape.w}" height="${shape.h}" fill="#fff"/>`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/>${body}</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

// ——— helpers for the tests and the contact sheet ———

export interface TestContext {
  jobId: string
  signal: AbortSignal
  reportProgress(fraction: number): void
  tmpDir: string
  progress: number[]
}

/** An engine context with a fresh scratch folder that records the progress it is given. */
export async function testContext(signal: AbortSignal = new AbortController().signal): Promise<TestContext> {
  const { mkdtemp } = await import('node:fs/promises')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const progress: number[] = []
  return {
    jobId: 'test',
    signal,
    tmpDir: await mkdtemp(join(tmpdir(), 'parti-local-')),
    progress,
    reportProgress: (f) => progress.push(f),
  }
}

/** Decodes any encoded picture to RGB pixels. */
export async function pixels(buf: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(buf).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** Mean absolute difference per channel (0..255) between two same-sized RGB buffers. */
export function meanAbsDiff(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`sizes differ: ${a.length} vs ${b.length}`)
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!)
  return sum / a.length
}
