import { useEffect, useState } from 'react'

/** The clip the product made of a sample sketch (apps/server/scripts/samples.ts writes it). */
const CLIP = '/hero/hero.mp4'
const POSTER = '/hero/hero.webp'

/** After the page has loaded and the browser is idle: the clip never competes with the first paint. */
function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let idle = 0
    const go = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(() => setReady(true), { timeout: 2000 })
        : window.setTimeout(() => setReady(true), 200)
    }
    if (document.readyState === 'complete') go()
    else window.addEventListener('load', go, { once: true })
    return () => {
      window.removeEventListener('load', go)
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle)
      else window.clearTimeout(idle)
    }
  }, [])
  return ready
}

/**
 * The landing hero's real clip (docs/product.md#landing): mounted once the page has loaded, shown over the
 * drawn sketch-to-render animation only when it plays, so a slow network or a refused autoplay leaves the
 * drawing. With reduced motion it does not play; the still render stands in.
 */
export function HeroClip({ caption }: { caption: string }) {
  const ready = useAfterLoad()
  const [playing, setPlaying] = useState(false)
  const [still, setStill] = useState(false)
  useEffect(() => {
    if (ready) setStill(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false)
  }, [ready])
  if (!ready) return null
  const shown = playing || still
  return (
    <figure
      className="absolute inset-0 m-0 transition-opacity duration-700"
      style={{ opacity: shown ? 1 : 0 }}
      aria-hidden={!shown}
      data-testid="hero-clip"
      data-state={still ? 'still' : playing ? 'playing' : 'loading'}
    >
      {still ? (
        <img src={POSTER} alt="" className="size-full object-cover" />
      ) : (
        <video
          className="size-full object-cover"
          src={CLIP}
          poster={POSTER}
          muted
          loop
          playsInline
          autoPlay
          preload="auto"
          onPlaying={() => setPlaying(true)}
        />
      )}
      <figcaption
        dir="auto"
        className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/60 to-transparent px-3 pt-6 pb-2.5 text-[11px] font-medium text-white"
      >
        {caption}
      </figcaption>
    </figure>
  )
}
