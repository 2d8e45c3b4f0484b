import { type InputLimits, inputOutsideLimits } from '@parti/contract'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import type { Reason } from '../../create/readiness'

/** The first picture, whose size the page may know (an upload once measured, an earlier result). */
export interface FrameSize {
  previewUrl?: string
  width?: number | undefined
  height?: number | undefined
}

const sizeOf = (frame: FrameSize | undefined) =>
  frame?.width && frame.height ? { width: frame.width, height: frame.height } : null

/**
 * Generate's reason when the picture is outside what the video model accepts: the server's own check
 * (`inputOutsideLimits`), so the page refuses exactly what the server would refuse with not_offered.
 */
export function firstFrameReason(limits: InputLimits | undefined, frame: FrameSize | undefined): Reason[] {
  const size = sizeOf(frame)
  if (!limits || !size) return []
  return inputOutsideLimits(limits, size.width, size.height) ? [{ code: 'not_offered', field: 'image' }] : []
}

/**
 * The first frame the video model accepts (docs/product.md#capabilities), from the engine's declared
 * capabilities `input`, shown before Generate; in the danger colour when the chosen picture is outside it.
 */
export function FirstFrameLimits({ limits, frame }: { limits: InputLimits | undefined; frame?: FrameSize }) {
  const { t, i18n } = useTranslation('video')
  if (!limits) return null
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 })
  const size = sizeOf(frame)
  const outside = firstFrameReason(limits, frame).length > 0
  const parts = [
    limits.minSide !== undefined ? t('form.firstFrame.minSide', { px: number.format(limits.minSide) }) : null,
    limits.minAspect !== undefined && limits.maxAspect !== undefined
      ? t('form.firstFrame.aspect', {
          tall: number.format(1 / limits.minAspect),
          wide: number.format(limits.maxAspect),
        })
      : null,
    outside && size ? t('form.firstFrame.outside', size) : null,
  ].filter((p): p is string => !!p)
  return (
    <p
      className={cn('text-xs leading-relaxed', outside ? 'text-danger' : 'text-fg-muted')}
      data-testid="first-frame-limits"
      data-outside={outside || undefined}
    >
      {parts.join(' ')}
    </p>
  )
}
