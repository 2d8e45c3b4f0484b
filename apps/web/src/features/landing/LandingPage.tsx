import { lazy, Suspense } from 'react'
import { Hero } from './Hero'

// Everything below the hero is a separate chunk fetched as soon as the page renders: the first screen paints
// without waiting for it, and the landing page's initial JavaScript stays within its budget.
const BelowTheFold = lazy(() => import('./BelowTheFold'))

/**
 * The signed-out home (docs/product.md#landing): hero, tools, comparison, testimonials, closing call to
 * action.
 */
export function LandingPage() {
  return (
    <>
      <Hero />
      <Suspense fallback={<div className="min-h-screen" />}>
        <BelowTheFold />
      </Suspense>
    </>
  )
}
