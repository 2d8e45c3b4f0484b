import { VIDEO_DURATIONS, type VideoDuration } from '@parti/contract'
import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import { videoCost } from '../readiness'

/** The durations with their costs (docs/product.md#pricing): 6 s for 200 credits, 10 s for 300. */
export function DurationPicker({
  value,
  onChange,
  labelledBy,
}: {
  value: VideoDuration
  onChange: (duration: VideoDuration) => void
  labelledBy: string
}) {
  const { t, i18n } = useTranslation('video')
  const format = (n: number) => new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en').format(n)
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className="grid grid-cols-2 gap-2"
      data-testid="duration"
    >
      {VIDEO_DURATIONS.map((d) => {
        const checked = value === d
        return (
          <label
            key={d}
            className={cn(
              'relative flex cursor-pointer flex-col rounded-xl border px-3 py-2.5 transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              checked
                ? 'border-accent bg-accent-soft/50'
                : 'border-border bg-surface hover:border-border-strong',
            )}
          >
            <input
              type="radio"
              name={labelledBy}
              className="sr-only"
              checked={checked}
              onChange={() => onChange(d)}
              data-testid={`duration-${d}`}
            />
            <span className="text-sm font-semibold text-fg">{t('duration.seconds', { n: d })}</span>
            <span className="text-xs text-fg-muted tabular-nums">
              {t('duration.cost', { credits: format(videoCost(d)) })}
            </span>
            {checked && (
              <span className="absolute end-2.5 top-2.5 grid size-5 place-items-center rounded-full bg-accent text-accent-fg">
                <Check className="size-3" aria-hidden />
              </span>
            )}
          </label>
        )
      })}
    </div>
  )
}
