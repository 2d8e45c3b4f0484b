import { STAGING_OPTIONS, type StagingOption } from '@parti/contract'
import { Armchair, Check, Eraser, Lamp, type LucideIcon, PackageOpen, PaintRoller, Sun } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import type { AskSupport } from '../../create/capabilities'
import { SupportNote } from '../../create/components/SupportNote'

const ICONS: Record<StagingOption, LucideIcon> = {
  removeClutter: Eraser,
  removeFurniture: PackageOpen,
  repaint: PaintRoller,
  addFurniture: Armchair,
  addDecor: Lamp,
  addLighting: Sun,
}

/**
 * The six staging options of docs/product.md#staging-options, any number at once, each marked with what the
 * engine will do with it (docs/product.md#capabilities).
 */
export function StagingOptionsPicker({
  value,
  onChange,
  labelledBy,
  support,
}: {
  value: StagingOption[]
  onChange: (options: StagingOption[]) => void
  labelledBy: string
  support: (option: StagingOption) => AskSupport
}) {
  const { t } = useTranslation('staging')
  const toggle = (option: StagingOption) =>
    onChange(
      value.includes(option)
        ? value.filter((o) => o !== option)
        : STAGING_OPTIONS.filter((o) => o === option || value.includes(o)),
    )
  return (
    <fieldset
      aria-labelledby={labelledBy}
      className="grid grid-cols-1 gap-2 sm:grid-cols-2"
      data-testid="staging-options"
    >
      {STAGING_OPTIONS.map((option) => {
        const Icon = ICONS[option]
        const checked = value.includes(option)
        const s = support(option)
        return (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer items-start gap-2.5 rounded-xl border p-2.5 transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              checked
                ? 'border-accent bg-accent-soft/50'
                : 'border-border bg-surface hover:border-border-strong',
              s.level === 'cannot' && 'border-dashed',
            )}
            data-level={s.level}
            data-testid={`option-card-${option}`}
          >
            <input
              type="checkbox"
              className="sr-only"
              checked={checked}
              onChange={() => toggle(option)}
              data-testid={`option-${option}`}
            />
            <span
              className={cn(
                'grid size-8 shrink-0 place-items-center rounded-lg',
                checked ? 'bg-accent text-accent-fg' : 'bg-surface-2 text-fg-muted',
              )}
            >
              {checked ? <Check className="size-4" aria-hidden /> : <Icon className="size-4" aria-hidden />}
            </span>
            <span className="min-w-0">
              <span className="block text-[13px] font-medium text-fg">{t(`options.${option}.name`)}</span>
              <span className="block text-xs leading-snug text-fg-muted">{t(`options.${option}.hint`)}</span>
              <SupportNote support={s} className="mt-1" testId={`support-${option}`} />
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}
