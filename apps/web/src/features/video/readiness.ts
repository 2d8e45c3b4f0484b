import { priceOf, type VideoDuration } from '@parti/contract'
import { isImageUrl } from '../create/inputImage'
import { creditsReason, type Reason } from '../create/readiness'

export type SourceMode = 'upload' | 'url'

/** docs/product.md#pricing: 200 credits for 6 s, 300 for 10 s. */
export function videoCost(duration: VideoDuration): number {
  return priceOf('animate', { duration })
}

/**
 * Why "Generate video" cannot run yet (docs/product.md#validation-video: an image or a URL, a valid URL, a
 * description).
 */
export function videoReadiness(input: {
  source: SourceMode
  hasImage: boolean
  url: string
  description: string
  duration: VideoDuration
  credits: number
}): Reason[] {
  const reasons: Reason[] = []
  if (input.source === 'upload' && !input.hasImage)
    reasons.push({ code: 'video_image_required', field: 'image' })
  if (input.source === 'url') {
    if (!input.url.trim()) reasons.push({ code: 'video_image_required', field: 'imageUrl' })
    else if (!isImageUrl(input.url)) reasons.push({ code: 'invalid_image_url', field: 'imageUrl' })
  }
  if (!input.description.trim())
    reasons.push({ code: 'animation_description_required', field: 'description' })
  return [...reasons, ...creditsReason(videoCost(input.duration), input.credits)]
}
