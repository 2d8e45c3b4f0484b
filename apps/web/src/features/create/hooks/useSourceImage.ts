import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import type { InputImage } from '../inputImage'
import { useGeneration } from './useGeneration'

/**
 * 'Use as input' arrives as `?source=<generation id>`: once that result is known (and finished), hand it to
 * the screen as its input image and drop the parameter, so a reload or a back step does not apply it again.
 */
export function useSourceImage(onSource: (image: InputImage) => void): void {
  const [params, setParams] = useSearchParams()
  const id = params.get('source')
  const { data: g, isError } = useGeneration(id)
  const apply = useRef(onSource)
  apply.current = onSource

  useEffect(() => {
    if (!id) return
    if (isError) {
      setParams(
        (p) => {
          p.delete('source')
          return p
        },
        { replace: true },
      )
      return
    }
    if (g?.status !== 'completed' || !g.outputImageUrl) return
    apply.current({
      kind: 'generation',
      generationId: g.id,
      previewUrl: g.outputImageUrl,
      width: g.metadata.width,
      height: g.metadata.height,
    })
    setParams(
      (p) => {
        p.delete('source')
        return p
      },
      { replace: true },
    )
  }, [id, g, isError, setParams])
}
