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
  rating: { value: number; outOf: number }
  testimonials: Testimonial[]
}

export const landingContent: LandingContent = raw

export function pick(text: Localised, language: string): string {
  return (text as Record<string, string>)[language] ?? text.en
}
