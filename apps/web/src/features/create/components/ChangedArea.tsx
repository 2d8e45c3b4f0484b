import { useTranslation } from 'react-i18next'

/** How much of the picture an edit changed, in words ("Changed 8 % of the picture"; docs/product.md#masked-edits). */
export function ChangedArea({ share, className }: { share: number; className?: string }) {
  const { t, i18n } = useTranslation('create')
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', {
    style: 'percent',
    maximumFractionDigits: share > 0 && share < 0.01 ? 1 : 0,
  }).format(share)
  return (
    <span className={className} data-testid="changed-area">
      {t('result.changedArea', { percent })}
    </span>
  )
}
