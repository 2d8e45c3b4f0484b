import { Plus, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Switch } from '../../../components/ui/Switch'

const MAX_COLOURS = 8

interface CustomColoursProps {
  enabled: boolean
  onEnabledChange: (enabled: boolean) => void
  colours: string[]
  onChange: (colours: string[]) => void
}

/** Optional own colours (docs/product.md#sketch-render): up to eight, each with the system colour picker. */
export function CustomColours({ enabled, onEnabledChange, colours, onChange }: CustomColoursProps) {
  const { t } = useTranslation('sketch')
  return (
    <div className="flex flex-col gap-2.5">
      <Switch
        id="custom-colours"
        checked={enabled}
        onChange={onEnabledChange}
        label={t('colours.toggle')}
        description={t('colours.hint')}
      />
      {enabled && (
        <ul className="flex flex-wrap items-center gap-2" data-testid="custom-colours">
          {colours.map((colour, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a colour's place in the list is its identity while editing
            <li key={i} className="group relative">
              <label
                className="flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-border bg-surface ps-1 pe-2.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                title={colour}
              >
                <span
                  className="size-7 rounded-md ring-1 ring-black/10"
                  style={{ background: colour }}
                  aria-hidden
                />
                <span className="font-mono text-[11px] text-fg-muted uppercase">{colour}</span>
                <input
                  type="color"
                  value={colour}
                  aria-label={t('colours.colourN', { n: i + 1 })}
                  onChange={(e) => onChange(colours.map((c, j) => (j === i ? e.target.value : c)))}
                  className="sr-only"
                />
              </label>
              {colours.length > 1 && (
                <button
                  type="button"
                  onClick={() => onChange(colours.filter((_, j) => j !== i))}
                  aria-label={t('colours.removeN', { n: i + 1 })}
                  className="absolute -end-1.5 -top-1.5 grid size-5 place-items-center rounded-full border border-border bg-surface text-fg-muted shadow-card hover:text-danger"
                >
                  <X className="size-3" aria-hidden />
                </button>
              )}
            </li>
          ))}
          {colours.length < MAX_COLOURS && (
            <li>
              <button
                type="button"
                onClick={() => onChange([...colours, '#888888'])}
                className="flex h-9 items-center gap-1.5 rounded-lg border border-dashed border-border-strong px-2.5 text-xs font-medium text-fg-muted hover:border-accent hover:text-accent"
              >
                <Plus className="size-3.5" aria-hidden />
                {t('colours.add')}
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  )
}
