import { type MlsBoard, type Project, priceOf } from '@parti/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Check, Download, ScanFace } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Button } from '../../components/ui/Button'
import { Spinner } from '../../components/ui/Spinner'
import { call, isApiError, toApiError } from '../../lib/api'
import { useErrorText } from '../../lib/errors'
import { refreshSession } from '../auth/session'
import { generationKeys } from '../jobs/keys'
import { trackJobs } from '../jobs/tracker'
import { projectKeys } from './api'

interface Reason {
  id: string
  generationId?: string
  name?: string
  score?: number
  faces?: number
  /** what a privacy blur of the refused file starts from (docs/decisions/0121-boards-requiring-privacy.md) */
  blurFrom?: { sourceGenerationId: string } | { imageUrl: string }
}

/** A file name kept in its own direction inside a sentence (an Arabic one would show "staged.jpg-01"). */
const isolate = (name: string | undefined) => `\u2068${name ?? ''}\u2069`

/** docs/product.md#pricing: the blur a board requiring privacy asks for. */
const PRIVACY_COST = priceOf('privacy')

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
    r.id === 'not_published' ||
    r.id === 'faces_visible' ||
    r.id === 'faces_unchecked'
      ? t(`export.reasons.${r.id}`, { name: isolate(r.name), score: r.score ?? 0, faces: r.faces ?? 0 })
      : r.id === 'no_board'
        ? t('export.noBoard')
        : t('export.reasons.no_original', { name: isolate(r.name) })
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
        {board.privacyRequired ? (
          <li>{t('export.privacy')}</li>
        ) : (
          project.privacyRequired && <li>{t('export.privacyProject')}</li>
        )}
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
              <li key={`${r.id}-${r.generationId ?? ''}-${r.name ?? ''}`}>
                {reasonText(r)}
                {r.blurFrom && <BlurFix projectId={project.id} name={r.name ?? ''} from={r.blurFrom} />}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}

/**
 * The way out of a privacy refusal (docs/decisions/0121-boards-requiring-privacy.md): blur every face the
 * detector finds on that file now, into the project, for the kind's price; or open privacy blur on it to choose
 * the faces and lasso more. Once the blur is done the next export puts it in the file's place.
 */
function BlurFix({
  projectId,
  name,
  from,
}: {
  projectId: string
  name: string
  from: NonNullable<Reason['blurFrom']>
}) {
  const { t } = useTranslation('projects')
  const errorText = useErrorText()
  const qc = useQueryClient()
  const [id, setId] = useState<string | null>(null)
  const [starting, setStarting] = useState(false)
  // the live stream patches this entry as the job ends; polling too covers an answer that raced past it
  const job = useQuery({
    queryKey: generationKeys.detail(id ?? ''),
    queryFn: async () => {
      const r = await call('GET /user/generations/status', { query: { ids: id! } })
      return r.generations[0]!
    },
    enabled: !!id,
    refetchInterval: (q) =>
      q.state.data?.status === 'completed' || q.state.data?.status === 'failed' ? false : 3000,
  })
  const status = job.data?.status
  useEffect(() => {
    if (status === 'completed') void qc.invalidateQueries({ queryKey: projectKeys.all })
  }, [status, qc])
  const run = async () => {
    setStarting(true)
    try {
      const body = new FormData()
      body.append('generationType', 'privacy')
      body.append('projectId', projectId)
      if ('sourceGenerationId' in from) body.append('sourceGenerationId', from.sourceGenerationId)
      else body.append('imageUrl', from.imageUrl)
      const r = await call('POST /render/start', { body })
      if ('generation' in r) {
        trackJobs([r.generation])
        // seeded unless the stream already said more (a blur can end before its start's answer is read)
        const key = generationKeys.detail(r.generation.id)
        if (!qc.getQueryData(key)) qc.setQueryData(key, r.generation)
        setId(r.generation.id)
      }
      void refreshSession()
    } catch (e) {
      toast.error(errorText(e))
    } finally {
      setStarting(false)
    }
  }
  if (status === 'completed')
    return (
      <p className="mt-1 flex items-center gap-1.5 text-success" data-testid="export-blur-done">
        <Check className="size-4" aria-hidden />
        {t('export.fix.done', { name: isolate(name) })}
      </p>
    )
  const busy = starting || (!!id && status !== 'failed')
  return (
    <div className="mt-1.5 mb-1 flex flex-wrap items-center gap-2">
      <Button size="sm" variant="outline" onClick={run} disabled={busy} data-testid="export-blur">
        {busy ? <Spinner /> : <ScanFace aria-hidden />}
        {busy ? t('export.fix.blurring') : t('export.fix.blur', { credits: PRIVACY_COST })}
      </Button>
      {'sourceGenerationId' in from && !busy && (
        <Link
          to={`/prep/privacy?source=${from.sourceGenerationId}&project=${projectId}`}
          className="text-[13px] text-accent underline-offset-2 hover:underline"
          data-testid="export-blur-open"
        >
          {t('export.fix.open')}
        </Link>
      )}
      {status === 'failed' && <span className="text-[13px] text-danger">{t('export.fix.failed')}</span>}
    </div>
  )
}
