import { Lasso } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { InputImage } from '../../create/inputImage'
import { useImageSize } from '../../gallery/hooks/useImageSize'
import type { Polygon } from '../../gallery/lasso/geometry'
import { LassoEdits } from '../../gallery/lasso/LassoEdits'
import { LassoLayer } from '../../gallery/lasso/LassoLayer'

/** The tallest the photo is drawn in the upload box, so a portrait photo leaves the form in view. */
const MAX_HEIGHT_REM = 26

/**
 * The room photo with the gallery's lasso on it (docs/product.md#home-staging), shown in the upload box in
 * place of its plain preview: what is drawn here is what the cleaning removes (`maskData`). On an engine that
 * cannot find clutter by itself, a selection is what makes "Remove clutter" and "Remove furniture" doable
 * (docs/product.md#capabilities).
 */
export function StagingLassoPhoto({
  photo,
  polygons,
  onChange,
}: {
  photo: InputImage
  polygons: Polygon[]
  onChange: (polygons: Polygon[]) => void
}) {
  const { t } = useTranslation(['staging', 'create'])
  const size = useImageSize(photo.previewUrl, 'width' in photo ? photo : undefined)
  return (
    <div className="grid place-items-center bg-surface-2" data-testid="staging-lasso">
      {size ? (
        <div
          className="relative overflow-hidden"
          style={{
            aspectRatio: `${size.width} / ${size.height}`,
            width: `min(100%, ${((MAX_HEIGHT_REM * size.width) / size.height).toFixed(2)}rem)`,
          }}
        >
          <img
            src={photo.previewUrl}
            alt={t('create:upload.preview')}
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
      ) : (
        <img
          src={photo.previewUrl}
          alt={t('create:upload.preview')}
          className="max-h-72 w-auto max-w-full object-contain"
        />
      )}
    </div>
  )
}

/** Under the upload box: how to use the lasso, how many areas are drawn, undo and clear. */
export function StagingLassoControls({
  polygons,
  onChange,
}: {
  polygons: Polygon[]
  onChange: (polygons: Polygon[]) => void
}) {
  const { t } = useTranslation('staging')
  return (
    <div className="flex flex-col gap-1" data-testid="staging-lasso-controls">
      <p className="flex items-start gap-1.5 text-xs text-fg-muted">
        <Lasso className="mt-px size-3.5 shrink-0 text-accent" aria-hidden />
        {t('lasso.hint')}
      </p>
      <div className="flex items-center gap-2 text-[13px]">
        <LassoEdits
          polygons={polygons}
          onChange={onChange}
          status={polygons.length ? t('lasso.areas', { count: polygons.length }) : t('lasso.none')}
          undoLabel={t('lasso.undo')}
          clearLabel={t('lasso.clear')}
          statusTestId="staging-lasso-status"
        />
      </div>
    </div>
  )
}
