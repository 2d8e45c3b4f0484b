import { describe, expect, it } from 'vitest'
import { videoCost, videoReadiness } from './readiness'

const base = {
  source: 'upload' as const,
  hasImage: true,
  url: '',
  description: 'slow push towards the entrance',
  duration: 6 as const,
  credits: 200,
}

describe('image to video readiness', () => {
  it('costs 200 credits for 6 s and 300 for 10 s', () => {
    expect(videoCost(6)).toBe(200)
    expect(videoCost(10)).toBe(300)
  })
  it('is ready with an image, a description and the credits', () => {
    expect(videoReadiness(base)).toEqual([])
  })
  it('needs an image or an image URL, and a description', () => {
    expect(videoReadiness({ ...base, hasImage: false, description: '' })).toEqual([
      { code: 'video_image_required', field: 'image' },
      { code: 'animation_description_required', field: 'description' },
    ])
    expect(videoReadiness({ ...base, source: 'url', hasImage: false })).toEqual([
      { code: 'video_image_required', field: 'imageUrl' },
    ])
  })
  it('refuses an address that is not http or https', () => {
    expect(videoReadiness({ ...base, source: 'url', url: 'house.jpg' })).toEqual([
      { code: 'invalid_image_url', field: 'imageUrl' },
    ])
    expect(videoReadiness({ ...base, source: 'url', url: 'https://example.com/house.jpg' })).toEqual([])
  })
  it('checks the balance against the chosen duration', () => {
    expect(videoReadiness({ ...base, duration: 10, credits: 200 })).toEqual([
      { code: 'insufficient_credits', required: 300, available: 200 },
    ])
  })
})
