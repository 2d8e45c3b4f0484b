import { describe, expect, it } from 'vitest'
import { type LandingContent, landingContent, showTestimonials } from './content'

describe('landing testimonials', () => {
  it('are not shown while the content file holds the release’s samples (the shipped file does)', () => {
    expect(landingContent.samples).toBe(true)
    expect(showTestimonials()).toBe(false)
  })
  it('are shown once the operator has put real ones in and cleared the flag', () => {
    const real: LandingContent = { ...landingContent, samples: false }
    expect(showTestimonials(real)).toBe(true)
    expect(showTestimonials({ ...real, testimonials: [] })).toBe(false)
  })
})
