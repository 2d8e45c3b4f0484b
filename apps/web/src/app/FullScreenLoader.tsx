import i18next from 'i18next'
import { hasPrerendered } from './prerendered'

/**
 * Shown while auth and profile load (docs/product.md#route-access). It fades in after a short delay so a fast
 * answer shows no flash. It can render before the language has loaded, hence i18next directly with an English
 * fallback.
 * Over the landing page's build-time copy it shows nothing: that copy is already the page being loaded.
 */
export function FullScreenLoader() {
  if (hasPrerendered()) return null
  return (
    <div
      className="fixed inset-0 z-40 grid place-items-center bg-bg"
      role="status"
      aria-live="polite"
      aria-busy="true"
    >
      <div className="animate-delayed-fade flex flex-col items-center gap-4">
        <svg viewBox="0 0 32 32" className="size-10" aria-hidden>
          <rect width="32" height="32" rx="8" className="fill-accent" />
          <path
            d="M8 23V12l8-5 8 5v11"
            fill="none"
            strokeWidth="2.2"
            strokeLinejoin="round"
            className="stroke-accent-fg"
            strokeDasharray="48"
            style={{ animation: 'parti-draw 1.4s ease-in-out infinite alternate' }}
          />
        </svg>
        <span className="sr-only">{i18next.isInitialized ? i18next.t('common.loading') : 'Loading…'}</span>
        <style>{'@keyframes parti-draw{from{stroke-dashoffset:48}to{stroke-dashoffset:0}}'}</style>
      </div>
    </div>
  )
}
