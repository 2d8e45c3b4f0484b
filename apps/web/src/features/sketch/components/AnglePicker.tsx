import { ANGLES, type Angle } from '@parti/contract'
import { Check, Lightbulb } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import type { AskSupport } from '../../create/capabilities'
import { SupportNote } from '../../create/components/SupportNote'
import { AngleIcon } from './AngleIcon'

interface AnglePickerProps {
  value: Angle[]
  onChange: (angles: Angle[]) => void
  labelledBy: string
  /** the first checkbox's id, so the reasons list can move focus here */
  firstId: string
  error?: string | null
  /** what the engine does with each angle (docs/product.md#capabilities) */
  support: (angle: Angle) => AskSupport
}

/**
 * The six views of docs/product.md#angles, several at once, with the tip to take 3-4
 * (docs/product.md#multi-angle).
 */
export function AnglePicker({ value, onChange, labelledBy, firstId, error, support }: AnglePickerProps) {
  const { t } = useTranslation(['sketch', 'create'])
  const toggle = (angle: Angle) =>
    onChange(
      value.includes(angle)
        ? value.filter((a) => a !== angle)
        : ANGLES.filter((a) => a === angle || value.includes(a)),
    )
  return (
    <div className="flex flex-col gap-2">
      <fieldset
        aria-labelledby={labelledBy}
        aria-describedby={error ? `${firstId}-error` : `${firstId}-tip`}
        className="grid grid-cols-3 gap-2"
        data-testid="angle-picker"
      >
        {ANGLES.map((angle, i) => {
          const checked = value.includes(angle)
          const s = support(angle)
          const mark = s.level === 'does' ? null : s.level === 'cannot' ? '!' : '≈'
          return (
            <label
              key={angle}
              className={cn(
                'relative flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border px-1.5 pt-3 pb-2 text-center transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked
                  ? 'border-accent bg-accent-soft/60 text-accent-soft-fg'
                  : 'border-border bg-surface text-fg-muted hover:border-border-strong hover:text-fg',
                error && !value.length && 'border-danger/60',
                s.level === 'cannot' && 'border-dashed',
              )}
              data-level={s.level}
              title={s.reason ? t(`create:support.reasons.${s.reason}`) : undefined}
            >
              <input
                id={i === 0 ? firstId : undefined}
                type="checkbox"
                className="sr-only"
                checked={checked}
                onChange={() => toggle(angle)}
                data-testid={`angle-${angle}`}
              />
              <AngleIcon angle={angle} className="h-7 w-9" />
              <span className="text-xs font-medium">
                {t(`angles.${angle}`)}
                {mark && (
                  <span className="ms-1 text-fg-subtle" aria-hidden>
                    {mark}
                  </span>
                )}
              </span>
              {checked && (
                <span className="absolute end-1.5 top-1.5 grid size-4 place-items-center rounded-full bg-accent text-accent-fg">
                  <Check className="size-2.5" aria-hidden />
                </span>
              )}
            </label>
          )
        })}
      </fieldset>
      <AngleNotes value={value} support={support} />
      {error ? (
        <p id={`${firstId}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : (
        <p id={`${firstId}-tip`} className="flex items-start gap-1.5 text-xs text-fg-muted">
          <Lightbulb className="mt-px size-3.5 shrink-0 text-accent" aria-hidden />
          {t('angles.tip')}
        </p>
      )}
    </div>
  )
}

/** The chosen angles the engine will not make as asked, grouped by why, in words. */
function AngleNotes({ value, support }: { value: Angle[]; support: (angle: Angle) => AskSupport }) {
  const { t } = useTranslation('sketch')
  const groups = new Map<string, { s: AskSupport; angles: Angle[] }>()
  for (const angle of value) {
    const s = support(angle)
    if (s.level === 'does') continue
    const key = `${s.level}:${s.reason ?? ''}`
    const group = groups.get(key) ?? { s, angles: [] }
    group.angles.push(angle)
    groups.set(key, group)
  }
  if (!groups.size) return null
  return (
    <div className="flex flex-col gap-1" data-testid="angle-notes">
      {[...groups.values()].map(({ s, angles }) => (
        <SupportNote
          key={`${s.level}:${s.reason}`}
          support={s}
          subject={angles.map((a) => t(`angles.${a}`)).join(', ')}
        />
      ))}
    </div>
  )
}
