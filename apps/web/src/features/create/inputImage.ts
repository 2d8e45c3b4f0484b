import { UPLOAD_LIMIT_BYTES } from '@parti/contract'

/**
 * An input image of a creation screen: a file from the computer (picked, dropped or pasted), an earlier
 * result (`sourceGenerationId`: 'use as input', the gallery picker, a previous image in a conversation) or an
 * image on the web (`imageUrl`).
 */
export type InputImage =
  | { kind: 'file'; file: File; previewUrl: string; width?: number; height?: number }
  | { kind: 'generation'; generationId: string; previewUrl: string; width?: number; height?: number }
  | { kind: 'url'; url: string; previewUrl: string }

/** The upload rule of docs/product.md#validation-upload: PNG, JPG, JPEG, WEBP. */
const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export const ACCEPT_ATTRIBUTE = '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp'
const EXTENSIONS = /\.(png|jpe?g|webp)$/i

export type FileProblem = 'invalid_image_file' | 'payload_too_large'

/**
 * The browser's first look at a file (docs/product.md#validation-upload: PNG, JPG, JPEG or WEBP, up to 10
 * MB), so a wrong file is refused before it is sent. The server judges the bytes again; a file name proves
 * nothing there.
 */
export function checkImageFile(file: Pick<File, 'type' | 'name' | 'size'>): FileProblem | null {
  const typed = file.type
    ? (ACCEPTED_TYPES as readonly string[]).includes(file.type)
    : EXTENSIONS.test(file.name)
  if (!typed) return 'invalid_image_file'
  if (file.size > UPLOAD_LIMIT_BYTES) return 'payload_too_large'
  return null
}

export function fromFile(file: File): InputImage {
  return { kind: 'file', file, previewUrl: URL.createObjectURL(file) }
}

export function releaseInput(input: InputImage | null | undefined): void {
  if (input?.kind === 'file') URL.revokeObjectURL(input.previewUrl)
}

/** Adds the image to a request under the screen's file field (`sketch` or `image`), or as its source. */
export function appendInput(form: FormData, fileField: string, input: InputImage): void {
  if (input.kind === 'file') form.append(fileField, input.file, input.file.name || 'image.png')
  else if (input.kind === 'generation') form.append('sourceGenerationId', input.generationId)
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
