import { TEXT_LIMITS } from '@parti/contract'
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import { isKnownFeature } from '../planForm'
import { move } from '../reorder'

/** A plan's feature lines: edit, add, remove and move; a known key says how the pricing page shows it. */
export function FeatureListEditor({
  features,
  onChange,
}: {
  features: string[]
  onChange: (f: string[]) => void
}) {
  // the hint reads the pricing page's own words, so it cannot differ from the cards
  const { t } = useTranslation(['admin', 'pricing'])
  const set = (i: number, value: string) => onChange(features.map((f, j) => (j === i ? value : f)))
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-[13px] font-semibold text-fg">{t('plans.features')}</legend>
      <ol className="flex flex-col gap-2">
        {features.map((feature, i) => {
          const key = feature.trim()
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are edited in place; their text is the content
            <li key={i} className="flex flex-col gap-1">
              <div className="flex items-center gap-1">
                <input
                  aria-label={t('plans.featureLabel', { n: i + 1 })}
                  value={feature}
                  maxLength={TEXT_LIMITS.planFeature}
                  dir="auto"
                  onChange={(e) => set(i, e.target.value)}
                  className="h-9 min-w-0 flex-1 rounded-lg border border-border-strong bg-surface px-2.5 text-[13px] text-fg hover:border-fg-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-ring/40"
                />
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('plans.moveUp', { n: i + 1 })}
                  disabled={i === 0}
                  onClick={() => onChange(move(features, i, i - 1))}
                >
                  <ArrowUp aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('plans.moveDown', { n: i + 1 })}
                  disabled={i === features.length - 1}
                  onClick={() => onChange(move(features, i, i + 1))}
                >
                  <ArrowDown aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="hover:text-danger"
                  aria-label={t('plans.removeFeature', { n: i + 1 })}
                  onClick={() => onChange(features.filter((_, j) => j !== i))}
                >
                  <X aria-hidden />
                </Button>
              </div>
              {key && (
                <span className="ps-1 text-[11px] text-fg-subtle">
                  {isKnownFeature(key)
                    ? t('plans.shownAs', { text: t(`pricing:features.${key}`) })
                    : t('plans.shownAsWritten')}
                </span>
              )}
            </li>
          )
        })}
      </ol>
      <Button variant="outline" size="sm" className="self-start" onClick={() => onChange([...features, ''])}>
        <Plus aria-hidden />
        {t('plans.addFeature')}
      </Button>
    </fieldset>
  )
}
