import { type MaterialId, materialName, materialSwatch, materialsFor } from '@parti/contract'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

/** the swatch is drawn this many pixels a side, showing this many metres of the material */
const SWATCH_PX = 96
const SWATCH_METRES = 1

/** A material drawn by the same procedural function the engine lays (docs/decisions/0120-repaint-materials.md). */
function Swatch({ id }: { id: MaterialId }) {
  const ref = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    const context = ref.current?.getContext('2d')
    if (!context) return
    const pixels = materialSwatch(id, SWATCH_PX, SWATCH_METRES)
    context.putImageData(new ImageData(new Uint8ClampedArray(pixels), SWATCH_PX, SWATCH_PX), 0, 0)
  }, [id])
  return <canvas ref={ref} width={SWATCH_PX} height={SWATCH_PX} className="block size-full" aria-hidden />
}

/**
 * The material library as swatches, only those that fit the picked surface when it is known to be a floor or a
 * wall (all of them otherwise), each named in the UI language.
 */
export function MaterialPicker({
  value,
  onChange,
  surface,
  id,
}: {
  /** given to the first swatch, so "choose a material" can bring the focus here */
  id: string
  value: MaterialId | null
  onChange: (id: MaterialId) => void
  surface: 'floor' | 'wall' | 'ceiling' | null
}) {
  const { t, i18n } = useTranslation('renovate')
  const language = i18n.resolvedLanguage ?? 'en'
  const ids = materialsFor(surface)
  const fits = surface === 'floor' || surface === 'wall'
  return (
    <fieldset className="flex flex-col gap-2" data-testid="material-picker">
      <legend className="mb-2 text-[13px] font-medium text-fg">
        {fits ? t(`repaint.materialsFor.${surface}`) : t('repaint.materialsAll')}
      </legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {ids.map((m, i) => (
          <button
            key={m}
            id={i === 0 ? id : undefined}
            type="button"
            aria-pressed={value === m}
            onClick={() => onChange(m)}
            data-testid={`material-${m}`}
            className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface text-start hover:border-border-strong aria-pressed:border-accent aria-pressed:ring-2 aria-pressed:ring-accent/40"
          >
            <span className="aspect-[4/3] w-full overflow-hidden bg-surface-2">
              <Swatch id={m} />
            </span>
            <span className="px-2 py-1.5 text-xs leading-tight text-fg">{materialName(m, language)}</span>
          </button>
        ))}
      </div>
      <p className="text-xs text-fg-muted">{t('repaint.materialNote')}</p>
    </fieldset>
  )
}
