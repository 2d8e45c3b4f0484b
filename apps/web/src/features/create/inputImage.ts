import { UPLOAD_FORMATS, UPLOAD_LIMIT_BYTES } from '@parti/contract'
import { call } from '../../lib/api'

/**
 * An input image of a creation screen: a file from the computer (picked, dropped or pasted), an earlier
 * result (`sourceGenerationId`: 'use as input', the gallery picker, a previous image in a conversation) or an
 * image on the web (`imageUrl`).
 */
export type InputImage =
  | {
      kind: 'file'
      file: File
      previewUrl: string
      width?: number
      height?: number
      /** a file the browser cannot show (HEIC, TIFF, PDF): the server's previews, one per PDF page */
      previews?: string[]
      /** a PDF's pages, and the one chosen (1-based) */
      pages?: number
      pdfPage?: number
    }
  | { kind: 'generation'; generationId: string; previewUrl: string; width?: number; height?: number }
  | { kind: 'url'; url: string; previewUrl: string }

/** The upload rule of docs/product.md#validation-upload, from the contract's one list of formats. */
const FORMATS = Object.values(UPLOAD_FORMATS)
const ACCEPTED_TYPES: readonly string[] = FORMATS.flatMap((f) => f.mime)
const EXTENSIONS: readonly string[] = FORMATS.flatMap((f) => f.ext)
export const ACCEPT_ATTRIBUTE = [...EXTENSIONS.map((e) => `.${e}`), ...ACCEPTED_TYPES].join(',')
/** What a browser cannot show in an <img>: the server draws a preview (and a PDF's pages) for these. */
const SERVER_PREVIEWED = new Set<string>([
  ...UPLOAD_FORMATS.heic.mime,
  ...UPLOAD_FORMATS.tiff.mime,
  ...UPLOAD_FORMATS.pdf.mime,
])
const SERVER_PREVIEWED_EXT = /\.(heic|heif|tiff?|pdf)$/i
const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''

export type FileProblem = 'invalid_image_file' | 'payload_too_large'

/**
 * The browser's first look at a file (docs/product.md#validation-upload: PNG, JPG, JPEG or WEBP, up to 10
 * MB), so a wrong file is refused before it is sent. The server judges the bytes again; a file name proves
 * nothing there.
 */
export function checkImageFile(file: Pick<File, 'type' | 'name' | 'size'>): FileProblem | null {
  // a phone's browser may give a HEIC no type, or a generic one: the name decides then
  const typed =
    ACCEPTED_TYPES.includes(file.type) ||
    ((!file.type || file.type === 'application/octet-stream') && EXTENSIONS.includes(extensionOf(file.name)))
  if (!typed) return 'invalid_image_file'
  if (file.size > UPLOAD_LIMIT_BYTES) return 'payload_too_large'
  return null
}

export function fromFile(file: File): InputImage {
  return { kind: 'file', file, previewUrl: URL.createObjectURL(file) }
}

export function releaseInput(input: InputImage | null | undefined): void {
  if (input?.kind === 'file' && input.previewUrl.startsWith('blob:')) URL.revokeObjectURL(input.previewUrl)
}

/** A file the browser cannot show itself (HEIC, TIFF, PDF), so its preview comes from the server. */
export function needsServerPreview(file: Pick<File, 'type' | 'name'>): boolean {
  return SERVER_PREVIEWED.has(file.type) || SERVER_PREVIEWED_EXT.test(file.name)
}

/**
 * The server's previews of such a file (docs/decisions/0100-phone-and-drawing-inputs.md): the picture, or every
 * page of a PDF for the page picker. The input shows the first; nothing is stored or charged.
 */
export async function withServerPreview(
  input: Extract<InputImage, { kind: 'file' }>,
): Promise<Extract<InputImage, { kind: 'file' }>> {
  const body = new FormData()
  body.append('file', input.file, input.file.name || 'upload')
  const r = await call('POST /render/upload-preview', { body })
  releaseInput(input)
  return {
    ...input,
    previewUrl: r.previews[0] ?? input.previewUrl,
    previews: r.previews,
    pages: r.pages,
    pdfPage: r.format === 'pdf' ? 1 : undefined,
  }
}

/** The chosen page of a PDF input, its preview shown. */
export function choosePage(input: InputImage, page: number): InputImage {
  if (input.kind !== 'file' || !input.previews?.[page - 1]) return input
  return { ...input, pdfPage: page, previewUrl: input.previews[page - 1]! }
}

/** Adds the image to a request under the screen's file field (`sketch` or `image`), or as its source. */
export function appendInput(form: FormData, fileField: string, input: InputImage): void {
  if (input.kind === 'file') {
    form.append(fileField, input.file, input.file.name || 'image.png')
    if (input.pdfPage && !form.has('pdfPage')) form.append('pdfPage', String(input.pdfPage))
  } else if (input.kind === 'generation') form.append('sourceGenerationId', input.generationId)
  else form.append('imageUrl', input.url)
}

/** A web address the server can fetch: http or https with a host. */
export function isImageUrl(text: string): boolean {
  try {
    const url = new URL(text.trim())
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname
  } catch {
    return false
  }
}

/** Reads the pixel size of a picked file for the preview's caption (and the 1024 px advice). */
export function measureImage(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const img = new Image()
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight })
    img.onerror = () => resolve(null)
    img.src = url
  })
}
