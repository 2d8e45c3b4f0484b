import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CompareSlider } from '../../../components/ui/CompareSlider'
import { cn } from '../../../components/ui/cn'
import { Segmented } from '../../../components/ui/Segmented'

interface BeforeAfterPicture {
  key: string
  label: string
  url: string
}

export type BeforeAfterView = 'side' | 'compare'

interface BeforeAfterProps {
  /** the pictures side by side, in order (two or three) */
  panels: BeforeAfterPicture[]
  /** the two pictures on the slider; `overlay` is drawn over the after picture */
  before: { url: string; label: string } | null
  after: { url: string; label: string; overlay?: ReactNode }
  /** width / height of the result, as CSS aspect-ratio */
  ratio: string
  /** `${testIdPrefix}-${key}` names each side-by-side panel */
  testIdPrefix: string
  viewLabel: string
  /** each panel at its own shape (a crop changes it) instead of the result's */
  ownShape?: boolean
  /** controls beside the view switch, for the view shown */
  controls?: (view: BeforeAfterView) => ReactNode
  compareClassName?: string
}

/**
 * A result beside what it was made from, or over it on a slider (docs/product.md#home-staging): one view for
 * every screen that shows a before and an after (home staging, photo prep).
 */
export function BeforeAfter({
  panels,
  before,
  after,
  ratio,
  testIdPrefix,
  viewLabel,
  ownShape,
  controls,
  compareClassName,
}: BeforeAfterProps) {
  const { t } = useTranslation(['staging', 'create'])
  const [view, setView] = useState<BeforeAfterView>('side')
  const shown: BeforeAfterView = before ? view : 'side'
  const img = (src: string, alt: string) => (
    <img src={src} alt={alt} className="absolute inset-0 size-full object-contain" draggable={false} />
  )
  return (
    <>
      {before && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Segmented
            size="sm"
            label={viewLabel}
            value={view}
            onChange={setView}
            options={[
              { value: 'side', label: t('staging:result.sideBySide'), testId: 'view-side' },
              { value: 'compare', label: t('create:result.compare'), testId: 'view-compare' },
            ]}
          />
          {controls?.(shown)}
        </div>
      )}
      {shown === 'side' || !before ? (
        <ul
          className={cn(
            'grid gap-2',
            ownShape ? 'grid-cols-1 sm:grid-cols-2' : panels.length === 3 ? 'grid-cols-3' : 'grid-cols-2',
          )}
        >
          {panels.map((p) => (
            <li key={p.key} data-testid={`${testIdPrefix}-${p.key}`}>
              <figure className="flex flex-col gap-1.5">
                <a
                  href={p.url}
                  target="_blank"
                  rel="noreferrer"
                  className="relative block overflow-hidden rounded-xl border border-border bg-surface-2"
                  style={ownShape ? undefined : { aspectRatio: ratio }}
                >
                  {ownShape ? (
                    <img src={p.url} alt={p.label} className="block h-auto w-full" />
                  ) : (
                    img(p.url, p.label)
                  )}
                </a>
                <figcaption className="text-center text-xs font-medium text-fg-muted">{p.label}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ) : (
        <div
          className={cn(
            'relative max-h-[70vh] w-full overflow-hidden rounded-2xl border border-border bg-surface-2',
            compareClassName,
          )}
          style={{ aspectRatio: ratio }}
        >
          <CompareSlider
            before={img(before.url, before.label)}
            after={
              <>
                {img(after.url, after.label)}
                {after.overlay}
              </>
            }
            beforeLabel={before.label}
            afterLabel={after.label}
            sliderLabel={t('create:result.sliderLabel', { before: before.label, after: after.label })}
          />
        </div>
      )}
    </>
  )
}
