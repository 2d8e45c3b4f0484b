import { CAMERA_MOVEMENTS, type CameraMovement } from '@parti/contract'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import { CameraMovePreview } from './CameraMovePreview'

/**
 * The twelve camera movements of docs/product.md#camera-movements, each with a small looping preview of what
 * it does.
 */
export function CameraMovePicker({
  value,
  onChange,
  labelledBy,
}: {
  value: CameraMovement
  onChange: (move: CameraMovement) => void
  labelledBy: string
}) {
  const { t } = useTranslation('video')
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className="grid grid-cols-3 gap-2 sm:grid-cols-4"
      data-testid="camera-moves"
    >
      {CAMERA_MOVEMENTS.map((move) => {
        const checked = value === move
        return (
          <label
            key={move}
            title={t(`moves.${move}.hint`)}
            className={cn(
              'flex cursor-pointer flex-col gap-1.5 rounded-xl border p-1.5 transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              checked
                ? 'border-accent bg-accent-soft/60'
                : 'border-border bg-surface hover:border-border-strong',
            )}
          >
            <input
              type="radio"
              name={labelledBy}
              className="sr-only"
              checked={checked}
              onChange={() => onChange(move)}
              aria-describedby={`${labelledBy}-${move}`}
              data-testid={`move-${move}`}
            />
            <CameraMovePreview move={move} />
            <span
              className={cn(
                'px-0.5 text-[11px] leading-tight font-medium',
                checked ? 'text-accent-soft-fg' : 'text-fg',
              )}
            >
              {t(`moves.${move}.name`)}
            </span>
            <span id={`${labelledBy}-${move}`} className="sr-only">
              {t(`moves.${move}.hint`)}
            </span>
          </label>
        )
      })}
    </div>
  )
}
