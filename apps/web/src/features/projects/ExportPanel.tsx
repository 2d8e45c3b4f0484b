import type { MlsBoard, Project } from '@parti/contract'
import { useTranslation } from 'react-i18next'

/** The board a project's exports follow, and what it asks of them (docs/mls.md). */
export function ExportPanel({ board }: { project: Project; board: MlsBoard | null }) {
  const { t } = useTranslation('projects')
  if (!board) return <p className="text-sm text-fg-muted">{t('export.noBoard')}</p>
  return (
    <div className="text-sm" data-testid="export-panel">
      <p className="font-medium text-fg">{t('export.rulesOf', { board: board.name })}</p>
      <ul className="mt-1 list-disc ps-5 text-fg-muted">
        <li>{t(`export.label.${board.label}`, { text: board.labelText })}</li>
        {board.originalPlacement !== 'none' && <li>{t(`export.original.${board.originalPlacement}`)}</li>}
        {board.originalLink && <li>{t('export.originalLink')}</li>}
        {board.forbiddenEdits.map((e) => (
          <li key={e}>{t(`export.forbidden.${e}`)}</li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-fg-subtle">
        {t('export.source', { source: board.source, date: board.checkedAt })}
      </p>
    </div>
  )
}
