import type { Generation } from '@parti/contract'
import { Clapperboard, Download, Images, Scaling, Sparkles } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button, buttonClass } from '../../../components/ui/Button'
import { cn } from '../../../components/ui/cn'
import { useDownload } from '../../gallery/hooks/useDownload'

interface ResultActionsProps {
  generation: Generation
  /** offer 'use as input' for a video and for Ask Parti (images only) */
  reuse?: boolean
  className?: string
  size?: 'sm' | 'md'
}

/** Download, and 'use as input': make a video of it, or edit it in Ask Parti; or open the gallery. */
export function ResultActions({ generation, reuse = true, className, size = 'sm' }: ResultActionsProps) {
  const { t } = useTranslation('create')
  const download = useDownload()
  const isVideo = generation.type === 'video'
  const url = isVideo ? generation.outputVideoUrl : generation.outputImageUrl
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <Button
        variant="primary"
        size={size}
        onClick={() => void download(generation, url)}
        data-testid="download"
      >
        <Download aria-hidden />
        {t('result.download')}
      </Button>
      {reuse && !isVideo && (
        <>
          <Link
            to={`/video?source=${generation.id}`}
            className={buttonClass('outline', size)}
            data-testid="use-for-video"
          >
            <Clapperboard aria-hidden />
            {t('result.makeVideo')}
          </Link>
          <Link
            to={`/?source=${generation.id}`}
            className={buttonClass('outline', size)}
            data-testid="use-for-edit"
          >
            <Sparkles aria-hidden />
            {t('result.editInChat')}
          </Link>
        </>
      )}
      {!isVideo && generation.status === 'completed' && (
        // the print readout and the upscale live in the gallery's detail area (docs/decisions/0116-print-targets.md)
        <Link
          to={`/gallery?item=${generation.id}&mode=upscale`}
          className={buttonClass('outline', size)}
          data-testid="upscale-for-print"
        >
          <Scaling aria-hidden />
          {t('result.upscaleForPrint')}
        </Link>
      )}
      <Link to="/gallery" className={buttonClass('ghost', size)}>
        <Images aria-hidden />
        {t('result.openGallery')}
      </Link>
    </div>
  )
}
