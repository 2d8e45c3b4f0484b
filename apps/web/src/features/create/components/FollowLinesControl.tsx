import { FOLLOW_LINES, type FollowLines } from '@parti/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Segmented } from '../../../components/ui/Segmented'

/**
 * "Follow my lines: loose · balanced · strict" (docs/product.md#follow-lines): how closely the picture keeps the
 * drawing's or the photo's lines. Sent as `followLines`; balanced is the default.
 */
export function FollowLinesControl({
  value,
  onChange,
}: {
  value: FollowLines
  onChange: (value: FollowLines) => void
}) {
  const { t } = useTranslation('create')
  const hintId = useId()
  return (
    <div className="flex flex-col gap-1.5" data-testid="follow-lines">
      <span className="text-sm font-medium text-fg">{t('followLines.label')}</span>
      <Segmented
        size="sm"
        stretch
        label={t('followLines.label')}
        value={value}
        onChange={onChange}
        options={FOLLOW_LINES.map((level) => ({
          value: level,
          label: t(`followLines.${level}`),
          testId: `follow-${level}`,
        }))}
      />
      <p id={hintId} className="text-xs text-fg-subtle">
        {t(`followLines.hint.${value}`)}
      </p>
    </div>
  )
}
