import { MAX_VARIATIONS } from '@parti/contract'
import { useTranslation } from 'react-i18next'
import { Segmented } from '../../components/ui/Segmented'

const COUNTS = Array.from({ length: MAX_VARIATIONS }, (_, i) => String(i + 1)) as `${number}`[]

/**
 * "Variations: 1 · 2 · 3 · 4" (docs/product.md#variations): how many results one request makes, each priced on
 * its own. Sent as `variations`.
 */
export function VariationsControl({
  value,
  onChange,
  price,
  compact,
}: {
  value: number
  onChange: (value: number) => void
  /** the price of one variation */
  price: number
  /** inline beside a Send button (Ask Parti): the count only, the price said by the total beside it */
  compact?: boolean
}) {
  const { t } = useTranslation('versions')
  const segmented = (
    <Segmented
      size="sm"
      stretch={!compact}
      label={t('variations.label')}
      value={String(value) as `${number}`}
      onChange={(v) => onChange(Number(v))}
      options={COUNTS.map((n) => ({ value: n, label: n, testId: `variations-${n}` }))}
    />
  )
  if (compact)
    return (
      <div
        className="flex items-center gap-1.5"
        data-testid="variations-control"
        title={t('variations.hint', { cost: price })}
      >
        <span className="hidden text-[11px] text-fg-subtle sm:inline">{t('variations.label')}</span>
        {segmented}
      </div>
    )
  return (
    <div className="flex flex-col gap-1.5" data-testid="variations-control">
      <span className="text-sm font-medium text-fg">{t('variations.label')}</span>
      {segmented}
      <p className="text-xs text-fg-subtle">{t('variations.hint', { cost: price })}</p>
    </div>
  )
}
