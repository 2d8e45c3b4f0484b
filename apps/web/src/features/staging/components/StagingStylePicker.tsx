import { STAGING_STYLES, type StagingStyle } from '@parti/contract'
import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'

/** A small mood board per style: its wall, floor, textile and accent colours. */
const MOOD: Record<StagingStyle, [string, string, string, string]> = {
  modern: ['#e9e9e7', '#8d8f93', '#2b2d31', '#c9a227'],
  scandinavian: ['#f4f1ea', '#d9c6a5', '#b7c2c0', '#5d6b6b'],
  transitional: ['#ece4d8', '#b9a68c', '#5e6f86', '#2e3a4f'],
  farmhouse: ['#f3efe6', '#a0764f', '#d8cfc0', '#2f2f2f'],
  luxury: ['#e8e2d6', '#1f3b35', '#b08d57', '#3b2f2a'],
  coastal: ['#f6f3ec', '#cbb994', '#9cc3d5', '#2d5f7c'],
}

/** The six staging styles of docs/product.md#staging-styles, as mood cards. */
export function StagingStylePicker({
  value,
  onChange,
  labelledBy,
}: {
  value: StagingStyle
  onChange: (style: StagingStyle) => void
  labelledBy: string
}) {
  const { t } = useTranslation('staging')
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className="grid grid-cols-2 gap-2 sm:grid-cols-3"
      data-testid="staging-style"
    >
      {STAGING_STYLES.map((style) => {
        const checked = value === style
        const [wall, floor, textile, accent] = MOOD[style]
        return (
          <label
            key={style}
            className={cn(
              'relative flex cursor-pointer flex-col overflow-hidden rounded-xl border bg-surface transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              checked ? 'border-accent ring-1 ring-accent' : 'border-border hover:border-border-strong',
            )}
          >
            <input
              type="radio"
              name={labelledBy}
              className="sr-only"
              checked={checked}
              onChange={() => onChange(style)}
            />
            <span className="relative block h-14" style={{ background: wall }} aria-hidden>
              <span className="absolute inset-x-0 bottom-0 h-4" style={{ background: floor }} />
              <span
                className="absolute start-3 bottom-3 h-5 w-10 rounded-t-md"
                style={{ background: textile }}
              />
              <span className="absolute end-4 top-3 size-4 rounded-full" style={{ background: accent }} />
              {checked && (
                <span className="absolute end-1.5 bottom-1.5 grid size-5 place-items-center rounded-full bg-accent text-accent-fg shadow">
                  <Check className="size-3" aria-hidden />
                </span>
              )}
            </span>
            <span className="px-2 py-1.5">
              <span className="block text-xs font-medium text-fg">{t(`styles.${style}.name`)}</span>
              <span className="line-clamp-2 block text-[11px] leading-snug text-fg-muted">
                {t(`styles.${style}.hint`)}
              </span>
            </span>
          </label>
        )
      })}
    </div>
  )
}
