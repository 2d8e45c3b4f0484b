import type { Language } from '@parti/contract'
import raw from './content.json'

/** The operator-edited landing content (content.json): rating and testimonials in every language. */
export type Localised = Record<Language, string>

interface Testimonial {
  name: string
  role: Localised
  quote: Localised
}

export interface LandingContent {
  /** the testimonials are the release's samples, not customers' words: none is shown (docs/product.md#landing) */
  samples: boolean
  rating: { value: number; outOf: number }
  testimonials: Testimonial[]
}

export const landingContent: LandingContent = raw

export function pick(text: Localised, language: string): string {
  return (text as Record<string, string>)[language] ?? text.en
}

/** Testimonials and the rating appear only once the operator has put real ones in content.json. */
export const showTestimonials = (content: LandingContent = landingContent): boolean =>
  !content.samples && content.testimonials.length > 0
