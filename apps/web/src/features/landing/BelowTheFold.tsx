import { ClosingCta } from './ClosingCta'
import { ComparisonSection } from './ComparisonSection'
import { showTestimonials } from './content'
import { TestimonialsSection } from './TestimonialsSection'
import { ToolsSection } from './ToolsSection'

export default function BelowTheFold() {
  return (
    <>
      <ToolsSection />
      <ComparisonSection />
      {showTestimonials() && <TestimonialsSection />}
      <ClosingCta />
    </>
  )
}
