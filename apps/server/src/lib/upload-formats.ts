import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import {
  DECODE_TIMEOUT_SECONDS,
  MAX_INPUT_PIXELS,
  PDF_MAX_PAGES,
  PDF_RENDER_LONG_SIDE,
  type UploadFormat,
} from '@parti/contract'
import sharp, { type Sharp } from 'sharp'
import { type ColourPlan, colourPlan, displayP3ToSrgb, readHeifColour } from './heif-colour.ts'
import { sniffImage } from './images.ts'

// Files as they come from phones and drawing tools (docs/decisions/0100-phone-and-drawing-inputs.md): HEIC/HEIF
// (iPhone photos; the prebuilt libvips in sharp cannot decode HEVC, so libheif in WebAssembly does), AVIF and
// TIFF (sharp), and a page of a PDF (pdf.js drawing on @napi-rs/canvas). Each is converted into the stored
// input once, at upload: sRGB, orientation applied, within the same pixel cap, so no engine meets them.

/** Judge the upload's kind by its bytes, never its name (docs/decisions/0024-uploads-judged-by-content.md). */
export function sniffUpload(data: Buffer): UploadFormat | null {
  const plain = sniffImage(data)
  if (plain) return plain
  if (data.length >= 5 && data.toString('latin1', 0, 5) === '%PDF-') return 'pdf'
  if (data.length >= 4) {
    const head = data.toString('latin1', 0, 4)
    if (head === 'II*\0' || head === 'MM\0*') return 'tiff'
  }
  // ISO base media: a 'ftyp' box, its major brand and compatible brands say HEIF with AV1 (AVIF) or HEVC
  if (data.length >= 16 && data.toString('latin1', 4, 8) === 'ftyp') {
    const size = Math.min(data.readUInt32BE(0), data.length, 256)
    const brands = [data.toString('latin1', 8, 12)]
    for (let i = 16; i + 4 <= size; i += 4) brands.push(data.toString('latin1', i, i + 4))
    if (brands[0] === 'avif' || brands[0] === 'avis') return 'avif'
    if (brands.some((b) => ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'].includes(b))) return 'heic'
    if (brands.includes('avif')) return 'avif'
    if (brands.some((b) => b === 'mif1' || b === 'msf1')) return 'heic'
  }
  return null
}

export type Converted =
  | {
      ok: true
      data: Buffer
      format: 'png' | 'jpeg' | 'webp'
      converted: boolean
      pages?: number
      /** a HEIC's colour: converted from its profile, from Display P3, already sRGB, or kept as decoded */
      colour?: ColourPlan
    }
  | { ok: false; reason: 'not_an_image' | 'too_many_pixels' | 'damaged' | 'too_slow' }
  | { ok: false; reason: 'no_such_page'; pages: number }

/**
 * The upload as the stored input: PNG, JPEG and WebP unchanged (the engines read their orientation and
 * profile); the other formats drawn into pixels and written as a JPEG (a photo) or a PNG (a PDF page, or
 * anything with transparency), in sRGB with the orientation applied. `page` picks a PDF's page (1-based).
 */
export async function convertUpload(data: Buffer, page = 1): Promise<Converted> {
  const format = sniffUpload(data)
  if (!format) return { ok: false, reason: 'not_an_image' }
  if (format === 'png' || format === 'jpeg' || format === 'webp') {
    return { ok: true, data, format, converted: false }
  }
  try {
    // the libraries load once, outside the decode's time limit (pdf.js alone takes seconds on a cold start)
    if (format === 'pdf') await pdfModules()
    return await withTimeout(convert(format, data, page))
  } catch (err) {
    return { ok: false, reason: err instanceof TimeoutError ? 'too_slow' : 'damaged' }
  }
}

async function convert(
  format: 'heic' | 'avif' | 'tiff' | 'pdf',
  data: Buffer,
  page: number,
): Promise<Converted> {
  if (format === 'pdf') {
    const pdf = await openPdf(data)
    try {
      if (page > pdf.numPages) return { ok: false, reason: 'no_such_page', pages: pdf.numPages }
      const png = await drawPdfPage(pdf, page, PDF_RENDER_LONG_SIDE)
      return { ok: true, data: png, format: 'png', converted: true, pages: pdf.numPages }
    } finally {
      await pdf.destroy()
    }
  }
  if (format === 'heic') {
    const pixels = await decodeHeic(data)
    if (pixels === 'too_many_pixels') return { ok: false, reason: 'too_many_pixels' }
    return heicToSrgb(data, pixels)
  }
  // AVIF and TIFF: sharp reads them; the header first, so a bomb is refused without decoding it
  const meta = await sharp(data, { limitInputPixels: false }).metadata()
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS)
    return { ok: false, reason: 'too_many_pixels' }
  return encode(sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).rotate())
}

/** sRGB out (an embedded profile, CMYK included, is converted), JPEG unless there is transparency to keep. */
async function encode(image: Sharp): Promise<Extract<Converted, { ok: true }>> {
  const srgb = image.toColourspace('srgb')
  const { data, info } = await srgb.raw().toBuffer({ resolveWithObject: true })
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
  const opaque = info.channels < 4 || isOpaque(data, info.channels)
  const out = opaque
    ? await sharp(data, raw).removeAlpha().jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer()
    : await sharp(data, raw).png({ compressionLevel: 6 }).toBuffer()
  return { ok: true, data: out, format: opaque ? 'jpeg' : 'png', converted: true }
}

/**
 * A decoded HEIC made sRGB from the container's own colour information
 * (docs/decisions/0124-heic-colour-to-srgb.md): an ICC profile is applied by libvips (the pixels handed over as
 * an uncompressed TIFF carrying the profile, which sharp converts to sRGB), Display P3 code points by the
 * linear-light matrix, sRGB left alone; anything else is kept as decoded and the result says so.
 */
async function heicToSrgb(
  file: Buffer,
  pixels: { width: number; height: number; data: Uint8ClampedArray },
): Promise<Converted> {
  const colour = readHeifColour(file)
  const plan = colourPlan(colour)
  const raw = { raw: { width: pixels.width, height: pixels.height, channels: 4 as const } }
  if (plan === 'icc' && colour.kind === 'icc') {
    const tagged = tiffWithProfile(pixels.data, pixels.width, pixels.height, colour.icc)
    try {
      // sharp converts an input's embedded profile to sRGB (what AVIF and TIFF rely on too)
      return { ...(await encode(sharp(tagged, { limitInputPixels: MAX_INPUT_PIXELS }))), colour: 'icc' }
    } catch {
      // a profile lcms cannot use: the pixels as decoded, said so
      return { ...(await encode(sharp(pixels.data, raw))), colour: 'kept' }
    }
  }
  if (plan === 'display-p3') displayP3ToSrgb(pixels.data, 4)
  return { ...(await encode(sharp(pixels.data, raw))), colour: plan }
}

/**
 * The RGBA pixels as an uncompressed little-endian TIFF carrying the ICC profile (tag 34675): one strip, so
 * libvips reads it without decoding anything and converts it with the profile like any tagged input.
 */
function tiffWithProfile(pixels: Uint8ClampedArray, width: number, height: number, icc: Buffer): Buffer {
  // tag, type (3 SHORT, 4 LONG, 7 UNDEFINED), count, value or offset (the offsets filled in below)
  const entries: [number, number, number, number][] = [
    [256, 4, 1, width],
    [257, 4, 1, height],
    [258, 3, 4, 0], // BitsPerSample 8, 8, 8, 8: at an offset
    [259, 3, 1, 1], // no compression
    [262, 3, 1, 2], // RGB
    [273, 4, 1, 0], // the strip's offset
    [277, 3, 1, 4],
    [278, 4, 1, height],
    [279, 4, 1, width * height * 4],
    [284, 3, 1, 1], // interleaved
    [338, 3, 1, 2], // the fourth sample is unassociated alpha
    [34675, 7, icc.length, 0], // the ICC profile: at an offset
  ]
  const bitsAt = 8 + 2 + entries.length * 12 + 4
  const iccAt = bitsAt + 8
  const pixelsAt = iccAt + icc.length + (icc.length % 2)
  entries[2]![3] = bitsAt
  entries[5]![3] = pixelsAt
  entries[11]![3] = iccAt
  const head = Buffer.alloc(pixelsAt)
  head.write('II', 0, 'latin1')
  head.writeUInt16LE(42, 2)
  head.writeUInt32LE(8, 4)
  head.writeUInt16LE(entries.length, 8)
  for (const [i, [tag, type, count, value]] of entries.entries()) {
    const at = 10 + i * 12
    head.writeUInt16LE(tag, at)
    head.writeUInt16LE(type, at + 2)
    head.writeUInt32LE(count, at + 4)
    if (type === 3 && count === 1) head.writeUInt16LE(value, at + 8)
    else head.writeUInt32LE(value, at + 8)
  }
  for (let i = 0; i < 4; i++) head.writeUInt16LE(8, bitsAt + i * 2)
  icc.copy(head, iccAt)
  return Buffer.concat([head, Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength)])
}

function isOpaque(data: Buffer, channels: number): boolean {
  for (let i = channels - 1; i < data.length; i += channels) if (data[i]! < 255) return false
  return true
}

type HeicImage = { width: number; height: number; decode: () => Promise<{ data: Uint8ClampedArray }> }
type HeicDecode = { all: (input: { buffer: Buffer }) => Promise<HeicImage[] & { dispose: () => void }> }
const require = createRequire(import.meta.url)
let heic: HeicDecode | null = null

/**
 * The primary image of a HEIF file, its size checked before any pixel is decoded. libheif applies the
 * container's rotation and mirror (HEIF's orientation) while decoding; it hands over no colour profile, so
 * `heicToSrgb` reads the container's own.
 */
async function decodeHeic(
  data: Buffer,
): Promise<{ width: number; height: number; data: Uint8ClampedArray } | 'too_many_pixels'> {
  heic ??= require('heic-decode') as HeicDecode
  const images = await heic.all({ buffer: data })
  try {
    const first = images[0]!
    if (first.width * first.height > MAX_INPUT_PIXELS) return 'too_many_pixels'
    const { data: pixels } = await first.decode()
    return { width: first.width, height: first.height, data: pixels }
  } finally {
    images.dispose()
  }
}

type PdfDocument = import('pdfjs-dist/types/src/display/api').PDFDocumentProxy

let loadingPdf: Promise<
  [typeof import('pdfjs-dist/legacy/build/pdf.mjs'), typeof import('@napi-rs/canvas')]
> | null = null

/** pdf.js and the canvas it draws on, loaded once per process. */
function pdfModules() {
  loadingPdf ??= Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('@napi-rs/canvas')])
  loadingPdf.catch(() => {
    loadingPdf = null
  })
  return loadingPdf
}

async function openPdf(data: Buffer): Promise<PdfDocument> {
  const [pdfjs] = await pdfModules()
  const root = dirname(require.resolve('pdfjs-dist/package.json'))
  return pdfjs.getDocument({
    data: new Uint8Array(data),
    // a PDF is a program: no eval, no fetching, the fonts and colour maps the package ships
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: `${join(root, 'standard_fonts')}/`,
    cMapUrl: `${join(root, 'cmaps')}/`,
    cMapPacked: true,
    verbosity: 0,
  }).promise
}

/** One page drawn on white with `longSide` pixels on its longer side (within the pixel cap), as a PNG. */
async function drawPdfPage(pdf: PdfDocument, n: number, longSide: number): Promise<Buffer> {
  const [, { createCanvas }] = await pdfModules()
  const page = await pdf.getPage(n)
  const unit = page.getViewport({ scale: 1 })
  let scale = longSide / Math.max(unit.width, unit.height)
  const pixels = unit.width * unit.height * scale * scale
  if (pixels > MAX_INPUT_PIXELS) scale *= Math.sqrt(MAX_INPUT_PIXELS / pixels)
  const viewport = page.getViewport({ scale })
  const canvas = createCanvas(
    Math.max(1, Math.round(viewport.width)),
    Math.max(1, Math.round(viewport.height)),
  )
  const context = canvas.getContext('2d')
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  // @napi-rs/canvas is the canvas pdf.js uses under Node; its types are not the DOM's
  const params = { canvas, canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0]
  await page.render(params).promise
  page.cleanup()
  // the canvas is RGBA on white: store it as RGB
  return sharp(canvas.toBuffer('image/png')).removeAlpha().png({ compressionLevel: 6 }).toBuffer()
}

/**
 * Small previews of an upload for the screen before it is sent (a browser shows neither HEIC, TIFF nor PDF):
 * every page of a PDF up to PDF_MAX_PAGES, else the one picture, each a JPEG `side` pixels on its longer side.
 */
export async function previewUpload(
  data: Buffer,
  side: number,
): Promise<
  | { ok: true; format: UploadFormat; pages: number; previews: Buffer[] }
  | { ok: false; reason: 'not_an_image' | 'too_many_pixels' | 'damaged' | 'too_slow' }
> {
  const format = sniffUpload(data)
  if (!format) return { ok: false, reason: 'not_an_image' }
  const thumb = (png: Buffer) =>
    sharp(png, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer()
  try {
    if (format !== 'pdf') {
      const r = await convertUpload(data)
      if (!r.ok) return { ok: false, reason: r.reason === 'no_such_page' ? 'damaged' : r.reason }
      return { ok: true, format, pages: 1, previews: [await thumb(r.data)] }
    }
    await pdfModules()
    return await withTimeout(
      (async () => {
        const pdf = await openPdf(data)
        try {
          const pages = Math.min(pdf.numPages, PDF_MAX_PAGES)
          const previews: Buffer[] = []
          for (let n = 1; n <= pages; n++) previews.push(await thumb(await drawPdfPage(pdf, n, side)))
          return { ok: true as const, format, pages: pdf.numPages, previews }
        } finally {
          await pdf.destroy()
        }
      })(),
    )
  } catch (err) {
    return { ok: false, reason: err instanceof TimeoutError ? 'too_slow' : 'damaged' }
  }
}

class TimeoutError extends Error {}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError('decode timed out')), DECODE_TIMEOUT_SECONDS * 1000)
  })
  return Promise.race([work, limit]).finally(() => clearTimeout(timer))
}
