import { describe, expect, it } from 'vitest'
import type { VideoDraft } from './hooks/useVideoDraft'
import { videoRequest } from './request'

const base: VideoDraft = {
  source: 'upload',
  images: [],
  url: '',
  description: ' a slow push ',
  duration: 10,
  move: 'orbit',
  ids: [],
  showErrors: false,
}

describe('animate request (multipart, or JSON with imageUrl, description, duration)', () => {
  it('sends an uploaded image as multipart', () => {
    const file = new File(['x'], 'room.jpg', { type: 'image/jpeg' })
    const { endpoint, body } = videoRequest({
      ...base,
      images: [{ kind: 'file', file, previewUrl: 'blob:x' }],
    })
    expect(endpoint).toBe('/render/animate')
    const form = body as FormData
    expect(form.get('description')).toBe('a slow push')
    expect(form.get('duration')).toBe('10')
    expect(form.get('cameraMovement')).toBe('orbit')
    expect((form.get('image') as File).name).toBe('room.jpg')
  })
  it('sends an image URL or an earlier result as JSON', () => {
    expect(videoRequest({ ...base, source: 'url', url: ' https://e.com/a.jpg ' }).body).toEqual({
      description: 'a slow push',
      duration: 10,
      cameraMovement: 'orbit',
      imageUrl: 'https://e.com/a.jpg',
    })
    expect(
      videoRequest({ ...base, images: [{ kind: 'generation', generationId: 'g1', previewUrl: '/x.png' }] })
        .body,
    ).toEqual({ description: 'a slow push', duration: 10, cameraMovement: 'orbit', sourceGenerationId: 'g1' })
  })
})
