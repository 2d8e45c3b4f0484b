import type { MlsBoard, Project } from '@parti/contract'
import { Download } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/Button'
import { Spinner } from '../../components/ui/Spinner'
import { isApiError, toApiError } from '../../lib/api'
import { useErrorText } from '../../lib/errors'

interface Reason {
  id: string
  generationId?: string
  name?: string
  score?: number
}

/** The zip comes back as bytes, a refusal as the one error shape with its reasons. */
async function downloadExport(project: Project): Promise<void> {
  const res = await fetch(`/api/user/projects/${project.id}/export`, {
    method: 'POST',
    credentials: 'include',
  })
  if (!res.ok) throw toApiError(res.status, await res.json().catch(() => null))
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.zip'
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * The board a project's exports follow, what it asks of them (docs/mls.md), and the export itself: a download,
 * or the reasons the board's rules refuse it.
 */
export function ExportPanel({ project, board }: { project: Project; board: MlsBoard | null }) {
  const { t } = useTranslation('projects')
  const errorText = useErrorText()
  const [pending, setPending] = useState(false)
  const [reasons, setReasons] = useState<Reason[]>([])
  if (!board) return <p className="text-sm text-fg-muted">{t('export.noBoard')}</p>
  const run = async () => {
    setPending(true)
    setReasons([])
    try {
      await downloadExport(project)
      toast.success(t('export.done'))
    } catch (e) {
      const found = isApiError(e) && Array.isArray(e.details?.reasons) ? (e.details.reasons as Reason[]) : []
      if (found.length) setReasons(found)
      else toast.error(errorText(e))
    } finally {
      setPending(false)
    }
  }
  const reasonText = (r: Reason) =>
    r.id === 'structure_changed' ||
    r.id === 'permanent_features' ||
    r.id === 'no_staged' ||
    r.id === 'not_published'
      ? t(`export.reasons.${r.id}`, { name: r.name ?? '', score: r.score ?? 0 })
      : r.id === 'no_board'
        ? t('export.noBoard')
        : t('export.reasons.no_original', { name: r.name ?? '' })
  return (
    <div className="text-sm" data-testid="export-panel">
      <p className="font-medium text-fg">{t('export.rulesOf', { board: board.name })}</p>
      <ul className="mt-1 list-disc ps-5 text-fg-muted">
        <li>{t(`export.label.${board.label}`, { text: board.labelText })}</li>
        {board.originalPlacement !== 'none' && <li>{t(`export.original.${board.originalPlacement}`)}</li>}
        {board.originalLink && <li>{t('export.originalLink')}</li>}
        {board.originalLink && board.qrAllowed && <li>{t('export.qr')}</li>}
        {board.forbiddenEdits.map((e) => (
          <li key={e}>{t(`export.forbidden.${e}`)}</li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-fg-subtle">
        {/* the board's source is English text: isolated, so an Arabic sentence around it keeps its order */}
        {t('export.source', { source: `\u2068${board.source}\u2069`, date: board.checkedAt })}
      </p>
      <Button className="mt-3" onClick={run} disabled={pending} data-testid="export-run">
        {pending ? <Spinner /> : <Download aria-hidden />}
        {pending ? t('export.working') : t('export.download')}
      </Button>
      {reasons.length > 0 && (
        <div
          role="alert"
          className="mt-3 rounded-lg border border-danger/40 bg-danger/5 p-3"
          data-testid="export-refused"
        >
          <p className="font-medium text-danger">{t('export.refused')}</p>
          <ul className="mt-1 list-disc ps-5 text-fg">
            {reasons.map((r) => (
              <li key={`${r.id}-${r.generationId ?? ''}`}>{reasonText(r)}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
