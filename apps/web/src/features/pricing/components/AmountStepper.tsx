import { Minus, Plus } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import { cn } from '../../../components/ui/cn'
import {
  AMOUNT_PRESETS,
  amountInput,
  canDecrement,
  canIncrement,
  formatEur,
  normaliseAmount,
  stepAmount,
} from '../money'

interface AmountStepperProps {
  /** what the field shows while typing */
  draft: string
  onDraftChange: (draft: string) => void
}

/**
 * The custom amount (docs/product.md#validation-a-la-carte): euros, typed or stepped; the decrement is
 * disabled at 1; a typed value is floored at 1 when the field is left; presets 5 and 25.
 */
export function AmountStepper({ draft, onDraftChange }: AmountStepperProps) {
  const { t, i18n } = useTranslation('pricing')
  const lang = i18n.resolvedLanguage ?? 'en'
  const id = useId()
  const amount = normaliseAmount(draft)
  const set = (n: number) => onDraftChange(String(normaliseAmount(n)))
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={id} className="text-[13px] font-medium text-fg">
        {t('dialog.amount')}
      </label>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          className="size-11 rounded-xl"
          aria-label={t('dialog.decrease')}
          disabled={!canDecrement(amount)}
          onClick={() => set(stepAmount(amount, -1))}
          data-testid="amount-decrease"
        >
          <Minus aria-hidden />
        </Button>
        <div className="relative flex-1">
          <span
            className="pointer-events-none absolute inset-y-0 start-3 flex items-center text-fg-muted"
            aria-hidden
          >
            €
          </span>
          <input
            id={id}
            data-testid="amount-input"
            inputMode="numeric"
            autoComplete="off"
            value={draft}
            onChange={(e) => onDraftChange(amountInput(e.target.value))}
            onBlur={() => set(amount)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
                e.preventDefault()
                set(stepAmount(amount, e.key === 'ArrowUp' ? 1 : -1))
              }
            }}
            className="h-11 w-full rounded-xl border border-border-strong bg-surface ps-8 pe-3 text-center text-lg font-semibold tabular-nums text-fg focus:outline-2 focus:outline-ring"
          />
        </div>
        <Button
          variant="outline"
          size="icon"
          className="size-11 rounded-xl"
          aria-label={t('dialog.increase')}
          disabled={!canIncrement(amount)}
          onClick={() => set(stepAmount(amount, 1))}
          data-testid="amount-increase"
        >
          <Plus aria-hidden />
        </Button>
      </div>
      <fieldset className="flex items-center gap-2">
        <legend className="sr-only">{t('dialog.presets')}</legend>
        {AMOUNT_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={amount === preset}
            onClick={() => set(preset)}
            data-testid={`preset-${preset}`}
            className={cn(
              'h-8 rounded-full border px-3.5 text-[13px] font-medium transition-colors',
              amount === preset
                ? 'border-accent bg-accent-soft text-accent-soft-fg'
                : 'border-border bg-surface text-fg-muted hover:text-fg',
            )}
          >
            {formatEur(preset * 100, lang, { whole: true })}
          </button>
        ))}
      </fieldset>
    </div>
  )
}
