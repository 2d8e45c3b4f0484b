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
}: {
  value: number
  onChange: (value: number) => void
  /** the price of one variation */
  price: number
}) {
  const { t } = useTranslation('versions')
  return (
    <div className="flex flex-col gap-1.5" data-testid="variations-control">
      <span className="text-sm font-medium text-fg">{t('variations.label')}</span>
      <Segmented
        size="sm"
        stretch
        label={t('variations.label')}
        value={String(value) as `${number}`}
        onChange={(v) => onChange(Number(v))}
        options={COUNTS.map((n) => ({ value: n, label: n, testId: `variations-${n}` }))}
      />
      <p className="text-xs text-fg-subtle">{t('variations.hint', { cost: price })}</p>
    </div>
  )
}
