import type { ColorPalette } from '@parti/contract'
import { Ban, Check } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import { usePalettes } from '../hooks/useCatalog'
import { useCatalogNames } from './catalogNames'

interface PalettePickerProps {
  value: string | null
  onChange: (id: string | null, palette: ColorPalette | null) => void
  /** a label id so the group is named by the section heading */
  labelledBy: string
}

/** The colour palettes of GET /api/color-palettes as swatch cards, plus "None" (docs/product.md#palette). */
export function PalettePicker({ value, onChange, labelledBy }: PalettePickerProps) {
  const { t } = useTranslation(['create', 'app'])
  const palettes = usePalettes()
  const names = useCatalogNames()
  if (palettes.isError) {
    return (
      <p role="alert" className="text-xs text-danger">
        {t('app:messages.data.loadPalettes')}
      </p>
    )
  }
  const option = (id: string | null, label: string, body: ReactNode) => {
    const checked = value === id
    return (
      <label
        key={id ?? 'none'}
        className={cn(
          'group relative flex cursor-pointer flex-col gap-1.5 rounded-xl border p-2 transition-colors',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
          checked ? 'border-accent bg-accent-soft/50' : 'border-border bg-surface hover:border-border-strong',
        )}
      >
        <input
          type="radio"
          name={labelledBy}
          className="sr-only"
          checked={checked}
          onChange={() => onChange(id, palettes.data?.find((p) => p.id === id) ?? null)}
        />
        {body}
        <span className="flex items-center justify-between gap-1 text-xs font-medium text-fg">
          <span className="truncate">{label}</span>
          {checked && <Check className="size-3.5 shrink-0 text-accent" aria-hidden />}
        </span>
      </label>
    )
  }
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className="grid grid-cols-2 gap-2 sm:grid-cols-3"
      data-testid="palette-picker"
    >
      {option(
        null,
        t('create:palette.none'),
        <span className="grid h-7 place-items-center rounded-md border border-dashed border-border-strong text-fg-subtle">
          <Ban className="size-3.5" aria-hidden />
        </span>,
      )}
      {palettes.isPending &&
        ['a', 'b', 'c', 'd', 'e'].map((key) => (
          <span key={key} className="h-[62px] animate-pulse rounded-xl bg-surface-2" aria-hidden />
        ))}
      {palettes.data?.map((p) =>
        option(
          p.id,
          names.palette(p),
          <span className="flex h-7 overflow-hidden rounded-md ring-1 ring-black/5" aria-hidden>
            {p.colors.map((c) => (
              <span key={c} className="flex-1" style={{ background: c }} />
            ))}
          </span>,
        ),
      )}
    </div>
  )
}
