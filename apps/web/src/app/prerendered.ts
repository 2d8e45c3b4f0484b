/**
 * The landing page's build-time copy (src/prerender.tsx), sent to signed-out visitors so the hero paints with
 * the HTML. It sits before #root and is not hydrated: whatever the app renders replaces it in the same commit.
 */
const PRERENDERED_ID = 'prerendered'

export function hasPrerendered(): boolean {
  return typeof document !== 'undefined' && document.getElementById(PRERENDERED_ID) !== null
}

/**
 * Removes the copy. A button pressed on it while the app was loading (recorded by the script in landing.html
 * as `data-pending`, the button's test id) is then pressed on the app's own element, once it can respond.
 */
export function removePrerendered(): void {
  if (typeof document === 'undefined') return
  const copy = document.getElementById(PRERENDERED_ID)
  if (!copy) return
  const pending = copy.getAttribute('data-pending')
  copy.remove()
  if (pending) {
    setTimeout(() => {
      const target = document.querySelector<HTMLElement>(`[data-testid="${CSS.escape(pending)}"]`)
      target?.click()
    }, 0)
  }
}
