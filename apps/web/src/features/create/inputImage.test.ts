import { describe, expect, it } from 'vitest'
import { appendInput, checkImageFile, choosePage, isImageUrl, needsServerPreview } from './inputImage'

const MB = 1024 * 1024

describe('checkImageFile (PNG, JPEG, WebP, HEIC, AVIF, TIFF or PDF up to 10 MB)', () => {
  it.each([
    ['image/png', 'a.png'],
    ['image/jpeg', 'a.jpg'],
    ['image/webp', 'a.webp'],
    ['', 'scan.JPEG'],
    ['image/heic', 'IMG_0001.HEIC'],
    ['', 'IMG_0002.heic'],
    ['application/octet-stream', 'IMG_0003.heif'],
    ['image/avif', 'a.avif'],
    ['image/tiff', 'scan.tif'],
    ['application/pdf', 'plan.pdf'],
  ])('accepts %s %s', (type, name) => {
    expect(checkImageFile({ type, name, size: MB })).toBeNull()
  })
  it.each([
    ['image/gif', 'a.gif'],
    ['application/octet-stream', 'a.exe'],
    ['text/plain', 'notes.pdf'],
    ['image/svg+xml', 'a.svg'],
    ['', 'notes.txt'],
  ])('refuses %s %s as not a valid image file', (type, name) => {
    expect(checkImageFile({ type, name, size: MB })).toBe('invalid_image_file')
  })
  it('refuses a file over 10 MB, and takes one of exactly 10 MB', () => {
    expect(checkImageFile({ type: 'image/png', name: 'a.png', size: 10 * MB + 1 })).toBe('payload_too_large')
    expect(checkImageFile({ type: 'image/png', name: 'a.png', size: 10 * MB })).toBeNull()
  })
})

describe('isImageUrl', () => {
  it('takes http and https addresses only', () => {
    expect(isImageUrl('https://example.com/house.jpg')).toBe(true)
    expect(isImageUrl(' http://example.com/a.png ')).toBe(true)
    expect(isImageUrl('ftp://example.com/a.png')).toBe(false)
    expect(isImageUrl('example.com/a.png')).toBe(false)
    expect(isImageUrl('javascript:alert(1)')).toBe(false)
  })
})

describe('appendInput', () => {
  it('sends a file under the field, an earlier result by id, a web image by address', () => {
    const file = new File(['x'], 'sketch.png', { type: 'image/png' })
    const form = new FormData()
    appendInput(form, 'sketch', { kind: 'file', file, previewUrl: 'blob:x' })
    appendInput(form, 'sketch', { kind: 'generation', generationId: 'g1', previewUrl: '/a.png' })
    appendInput(form, 'sketch', {
      kind: 'url',
      url: 'https://e.com/a.png',
      previewUrl: 'https://e.com/a.png',
    })
    expect((form.get('sketch') as File).name).toBe('sketch.png')
    expect(form.get('sourceGenerationId')).toBe('g1')
    expect(form.get('imageUrl')).toBe('https://e.com/a.png')
  })
  it('sends the chosen page of a PDF; a picture sends none', () => {
    const pdf = new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' })
    const input = choosePage(
      {
        kind: 'file',
        file: pdf,
        previewUrl: 'data:,1',
        previews: ['data:,1', 'data:,2'],
        pages: 2,
        pdfPage: 1,
      },
      2,
    )
    expect(input).toMatchObject({ pdfPage: 2, previewUrl: 'data:,2' })
    // a page without a preview is not chosen
    expect(choosePage(input, 3)).toBe(input)
    const form = new FormData()
    appendInput(form, 'sketch', input)
    expect(form.get('pdfPage')).toBe('2')
    const photo = new FormData()
    appendInput(photo, 'image', { kind: 'file', file: new File(['x'], 'a.heic'), previewUrl: 'blob:y' })
    expect(photo.has('pdfPage')).toBe(false)
    expect(needsServerPreview({ type: '', name: 'IMG_1.HEIC' })).toBe(true)
    expect(needsServerPreview({ type: 'image/avif', name: 'a.avif' })).toBe(false)
  })
})
