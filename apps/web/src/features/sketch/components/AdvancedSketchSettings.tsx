import { SlidersHorizontal } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { TextAreaField, TextField } from '../../../components/ui/Field'
import { Switch } from '../../../components/ui/Switch'
import type { SketchDraft } from '../hooks/useSketchDraft'

interface Props {
  draft: SketchDraft
  update: (patch: Partial<SketchDraft>) => void
}

/**
 * Shown while the top bar's advanced-settings toggle is on (docs/product.md#advanced-settings): prompt
 * additions and engine settings.
 */
export function AdvancedSketchSettings({ draft, update }: Props) {
  const { t } = useTranslation('sketch')
  const creativityId = useId()
  return (
    <fieldset
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface-2/60 p-3.5"
      data-testid="advanced-settings"
    >
      <legend className="flex items-center gap-1.5 px-1 text-[13px] font-medium text-fg">
        <SlidersHorizontal className="size-3.5 text-accent" aria-hidden />
        {t('advanced.title')}
      </legend>
      <TextAreaField
        label={t('advanced.extraPrompt')}
        hint={t('advanced.extraPromptHint')}
        value={draft.extraPrompt}
        onChange={(e) => update({ extraPrompt: e.target.value })}
        maxLength={1000}
        className="[&_textarea]:min-h-20"
      />
      <Switch
        id="keep-lines"
        checked={draft.keepLines}
        onChange={(keepLines) => update({ keepLines })}
        label={t('advanced.keepLines')}
        description={t('advanced.keepLinesHint')}
      />
      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between">
          <label htmlFor={creativityId} className="text-[13px] font-medium text-fg">
            {t('advanced.creativity')}
          </label>
          <span className="text-xs text-fg-muted tabular-nums">{draft.creativity}%</span>
        </div>
        <input
          id={creativityId}
          type="range"
          min={0}
          max={100}
          step={5}
          value={draft.creativity}
          onChange={(e) => update({ creativity: Number(e.target.value) })}
          className="accent-[var(--accent)]"
        />
        <p className="text-xs text-fg-subtle">{t('advanced.creativityHint')}</p>
      </div>
      <TextField
        label={t('advanced.seed')}
        hint={t('advanced.seedHint')}
        inputMode="numeric"
        value={draft.seed}
        onChange={(e) => update({ seed: e.target.value.replace(/\D/g, '').slice(0, 10) })}
        placeholder={t('advanced.seedPlaceholder')}
      />
      <p className="text-xs text-fg-subtle">{t('advanced.note')}</p>
    </fieldset>
  )
}
