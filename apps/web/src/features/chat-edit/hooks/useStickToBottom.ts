import { useCallback, useEffect, useRef } from 'react'

/**
 * Keeps a scrolling thread at its newest message while the reader is there: as messages arrive and images
 * load (the content grows after the first paint), unless the reader has scrolled up to look at older ones.
 * `key` re-attaches when the thread is mounted again (another conversation).
 */
export function useStickToBottom(key: unknown) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const stick = useRef(true)

  // biome-ignore lint/correctness/useExhaustiveDependencies: key says the elements were replaced
  useEffect(() => {
    const scroller = scrollRef.current
    const content = contentRef.current
    if (!scroller || !content) return
    stick.current = true
    const toBottom = () => {
      scroller.scrollTop = scroller.scrollHeight
    }
    const onScroll = () => {
      stick.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 120
    }
    scroller.addEventListener('scroll', onScroll, { passive: true })
    const observer = new ResizeObserver(() => {
      if (stick.current) toBottom()
    })
    observer.observe(content)
    toBottom()
    return () => {
      scroller.removeEventListener('scroll', onScroll)
      observer.disconnect()
    }
  }, [key])

  /** Back to the newest message (the reader just sent one). */
  const follow = useCallback(() => {
    stick.current = true
    const scroller = scrollRef.current
    if (scroller) scroller.scrollTop = scroller.scrollHeight
  }, [])

  return { scrollRef, contentRef, follow }
}
