import { useEffect, useState } from 'react'

export interface Size {
  width: number
  height: number
}

/**
 * The natural size of an image: what the server recorded when it has it, otherwise read by loading the image
 * (the browser then has it cached for the viewer). Null while unknown.
 */
export function useImageSize(url: string | null, known?: Partial<Size>): Size | null {
  const [measured, setMeasured] = useState<{ url: string; size: Size } | null>(null)
  const hasKnown = !!known?.width && !!known?.height
  useEffect(() => {
    if (!url || hasKnown) return
    let cancelled = false
    const img = new Image()
    img.decoding = 'async'
    img.onload = () => {
      if (!cancelled) setMeasured({ url, size: { width: img.naturalWidth, height: img.naturalHeight } })
    }
    img.src = url
    return () => {
      cancelled = true
    }
  }, [url, hasKnown])
  if (hasKnown) return { width: known.width!, height: known.height! }
  return measured && measured.url === url ? measured.size : null
}
