import { Eraser, Lasso, Undo2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import type { InputImage } from '../../create/inputImage'
import { useImageSize } from '../../gallery/hooks/useImageSize'
import type { Polygon } from '../../gallery/lasso/geometry'
import { LassoLayer } from '../../gallery/lasso/LassoLayer'

/**
 * The gallery's lasso on the room photo (docs/product.md#home-staging): what is drawn here is what the
 * cleaning removes (`maskData`). On an engine that cannot find clutter by itself, a selection is what makes
 * "Remove clutter" and "Remove furniture" doable (docs/product.md#capabilities).
 */
export function StagingLasso({
  photo,
  polygons,
  onChange,
}: {
  photo: InputImage
  polygons: Polygon[]
  onChange: (polygons: Polygon[]) => void
}) {
  const { t } = useTranslation('staging')
  const size = useImageSize(photo.previewUrl, 'width' in photo ? photo : undefined)
  return (
    <div className="flex flex-col gap-2" data-testid="staging-lasso">
      <p className="flex items-start gap-1.5 text-xs text-fg-muted">
        <Lasso className="mt-px size-3.5 shrink-0 text-accent" aria-hidden />
        {t('lasso.hint')}
      </p>
      {size && (
        <div
          className="relative mx-auto w-full overflow-hidden rounded-xl border border-border bg-surface-2"
          style={{ aspectRatio: `${size.width} / ${size.height}` }}
        >
          <img
            src={photo.previewUrl}
            alt=""
            className="absolute inset-0 size-full object-fill"
            draggable={false}
          />
          <LassoLayer
            width={size.width}
            height={size.height}
            polygons={polygons}
            onChange={onChange}
            active
            label={t('lasso.label', { count: polygons.length })}
          />
        </div>
      )}
      <div className="flex items-center gap-2 text-[13px]">
        <p className="min-w-0 flex-1 text-fg-muted" data-testid="staging-lasso-status">
          {polygons.length ? t('lasso.areas', { count: polygons.length }) : t('lasso.none')}
        </p>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('lasso.undo')}
          disabled={!polygons.length}
          onClick={() => onChange(polygons.slice(0, -1))}
        >
          <Undo2 aria-hidden className="rtl-flip" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('lasso.clear')}
          disabled={!polygons.length}
          onClick={() => onChange([])}
        >
          <Eraser aria-hidden />
        </Button>
      </div>
    </div>
  )
}
