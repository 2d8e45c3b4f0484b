/**
 * The landing page's build-time copy (src/prerender.tsx), sent to signed-out visitors so the hero paints with
 * the HTML. It sits before #root and is not hydrated: whatever the app renders replaces it in the same commit.
 */
export const PRERENDERED_ID = 'prerendered'

export function hasPrerendered(): boolean {
  return typeof document !== 'undefined' && document.getElementById(PRERENDERED_ID) !== null
}

export function removePrerendered(): void {
  if (typeof document !== 'undefined') document.getElementById(PRERENDERED_ID)?.remove()
}
