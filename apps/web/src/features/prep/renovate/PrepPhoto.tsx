import { Lasso } from 'lucide-react'
import type { MouseEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import type { InputImage } from '../../create/inputImage'
import { useImageSize } from '../../gallery/hooks/useImageSize'
import type { Polygon } from '../../gallery/lasso/geometry'
import { LassoEdits } from '../../gallery/lasso/LassoEdits'
import { LassoLayer } from '../../gallery/lasso/LassoLayer'

/** The tallest the photo is drawn in the upload box, so a portrait photo leaves the form in view. */
const MAX_HEIGHT_REM = 26

/**
 * The photo in the upload box with what was found on it drawn over (face boxes, a picked surface), a click
 * reported as fractions of the picture, and the lasso when it is the tool in hand.
 */
export function PrepPhoto({
  photo,
  polygons,
  onPolygons,
  lasso,
  onPick,
  children,
  testId,
}: {
  photo: InputImage
  polygons: Polygon[]
  onPolygons: (polygons: Polygon[]) => void
  lasso: boolean
  onPick?: (point: { x: number; y: number }) => void
  children?: ReactNode
  testId: string
}) {
  const { t } = useTranslation(['renovate', 'create'])
  const size = useImageSize(photo.previewUrl, 'width' in photo ? photo : undefined)
  const pick = (e: MouseEvent<HTMLDivElement>) => {
    if (lasso || !onPick) return
    const r = e.currentTarget.getBoundingClientRect()
    onPick({ x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height })
  }
  if (!size)
    return (
      <img
        src={photo.previewUrl}
        alt={t('create:upload.preview')}
        className="max-h-72 w-auto max-w-full object-contain"
      />
    )
  return (
    <div className="grid place-items-center bg-surface-2" data-testid={testId}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the click is a point on the picture; the lasso and the form are the keyboard's way */}
      <div
        className={`relative overflow-hidden ${onPick && !lasso ? 'cursor-crosshair' : ''}`}
        style={{
          aspectRatio: `${size.width} / ${size.height}`,
          width: `min(100%, ${((MAX_HEIGHT_REM * size.width) / size.height).toFixed(2)}rem)`,
        }}
        onClick={pick}
        data-testid={`${testId}-stage`}
      >
        <img
          src={photo.previewUrl}
          alt={t('create:upload.preview')}
          className="absolute inset-0 size-full object-fill"
          draggable={false}
        />
        {children}
        <LassoLayer
          width={size.width}
          height={size.height}
          polygons={polygons}
          onChange={onPolygons}
          active={lasso}
          label={t('lasso.label', { count: polygons.length })}
        />
      </div>
    </div>
  )
}

/** Under the photo: the lasso's switch, how many areas are drawn, undo and clear. */
export function LassoControls({
  polygons,
  onChange,
  active,
  onActive,
  hint,
}: {
  polygons: Polygon[]
  onChange: (polygons: Polygon[]) => void
  active: boolean
  onActive: (active: boolean) => void
  hint: string
}) {
  const { t } = useTranslation('renovate')
  return (
    <div className="flex flex-col gap-1" data-testid="renovate-lasso">
      <p className="flex items-start gap-1.5 text-xs text-fg-muted">
        <Lasso className="mt-px size-3.5 shrink-0 text-accent" aria-hidden />
        {hint}
      </p>
      <div className="flex items-center gap-2 text-[13px]">
        <Button
          variant={active ? 'primary' : 'secondary'}
          size="sm"
          aria-pressed={active}
          onClick={() => onActive(!active)}
          data-testid="lasso-toggle"
        >
          <Lasso aria-hidden />
          {t('lasso.tool')}
        </Button>
        <LassoEdits
          polygons={polygons}
          onChange={onChange}
          status={polygons.length ? t('lasso.areas', { count: polygons.length }) : t('lasso.none')}
          undoLabel={t('lasso.undo')}
          clearLabel={t('lasso.clear')}
        />
      </div>
    </div>
  )
}
