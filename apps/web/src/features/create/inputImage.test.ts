import { describe, expect, it } from 'vitest'
import { appendInput, checkImageFile, isImageUrl } from './inputImage'

const MB = 1024 * 1024

describe('checkImageFile (PNG, JPG, JPEG, WEBP up to 10 MB)', () => {
  it.each([
    ['image/png', 'a.png'],
    ['image/jpeg', 'a.jpg'],
    ['image/webp', 'a.webp'],
    ['', 'scan.JPEG'],
  ])('accepts %s %s', (type, name) => {
    expect(checkImageFile({ type, name, size: MB })).toBeNull()
  })
  it.each([
    ['application/pdf', 'plan.pdf'],
    ['image/gif', 'a.gif'],
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
})
