import type { LocalStyleParams } from '@parti/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { LOOK_SLIDERS, LOOKS } from '../styleForm'

const control =
  'h-10 w-full rounded-lg border border-border-strong bg-surface px-3 text-sm text-fg transition-colors ' +
  'hover:border-fg-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-ring/40'

/** The built-in local engine's parameters: which look, and five dials with the contract's ranges. */
export function LookFields({
  value,
  onChange,
}: {
  value: LocalStyleParams
  onChange: (v: LocalStyleParams) => void
}) {
  const { t, i18n } = useTranslation('admin')
  const id = useId()
  const format = (n: number) =>
    n.toLocaleString(i18n.language, { maximumFractionDigits: 2, minimumFractionDigits: 1 })
  return (
    <fieldset className="rounded-xl border border-border p-4">
      <legend className="px-1 text-[13px] font-semibold text-fg">{t('form.lookLegend')}</legend>
      <p className="mb-4 text-xs leading-relaxed text-fg-muted">{t('form.lookHint')}</p>
      <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <label htmlFor={`${id}-look`} className="text-[13px] font-medium text-fg">
            {t('form.look')}
          </label>
          <select
            id={`${id}-look`}
            className={control}
            value={value.look}
            onChange={(e) => onChange({ ...value, look: e.target.value as LocalStyleParams['look'] })}
          >
            {LOOKS.map((look) => (
              <option key={look} value={look}>
                {t(`looks.${look}`)}
              </option>
            ))}
          </select>
        </div>
        {LOOK_SLIDERS.map((s) => (
          <div key={s.key} className="flex flex-col gap-1.5">
            <div className="flex items-baseline justify-between gap-2">
              <label htmlFor={`${id}-${s.key}`} className="text-[13px] font-medium text-fg">
                {t(`form.params.${s.key}`)}
              </label>
              <output htmlFor={`${id}-${s.key}`} className="text-xs text-fg-muted tabular-nums">
                {format(value[s.key])}
              </output>
            </div>
            <input
              id={`${id}-${s.key}`}
              type="range"
              min={s.min}
              max={s.max}
              step={s.step}
              value={value[s.key]}
              className="h-5 w-full cursor-pointer accent-accent"
              onChange={(e) => onChange({ ...value, [s.key]: Number(e.target.value) })}
            />
          </div>
        ))}
      </div>
    </fieldset>
  )
}
