import type { Generation } from '@parti/contract'
import { Clapperboard, Download, Pencil, Sparkles } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button, buttonClass } from '../../../components/ui/Button'
import { Spinner } from '../../../components/ui/Spinner'
import { EngineNote } from '../../create/components/EngineNote'
import { FailureReason } from '../../create/components/FailureReason'
import { FidelityReport } from '../../create/components/FidelityReport'
import { ResultNotes } from '../../create/components/ResultNotes'
import { ResultViewer } from '../../create/components/ResultViewer'
import { estimateText } from '../../create/estimate'
import { useEstimate } from '../../create/hooks/useEstimate'
import { useGeneration, useGenerations } from '../../create/hooks/useGeneration'
import { useDownload } from '../../gallery/hooks/useDownload'
import { ElapsedSeconds } from '../../jobs/ElapsedSeconds'
import { BranchSwitcher } from '../../versions/BranchSwitcher'
import { useRequestIds } from '../../versions/hooks'
import { VariationStrip } from '../../versions/VariationStrip'
import { replyFor } from '../reply'

/**
 * The assistant's turn for one edit, live: working, then the result with before/after, or the 'Sorry…' of
 * docs/product.md#errors-chat.
 */
export function EditReply({
  id,
  initial,
  onKeepEditing,
}: {
  id: string
  initial: Generation | null
  onKeepEditing: (g: Generation) => void
}) {
  const { t, i18n } = useTranslation(['chat', 'create', 'jobs'])
  const { t: tCreate } = useTranslation('create')
  // another branch of the same source, chosen with the branch switcher (docs/product.md#versions)
  const [branch, setBranch] = useState<string | null>(null)
  // a request of several variations: the strip to choose from (docs/product.md#variations); the conversation
  // names the first, the others are read by the request's id
  const [chosen, setChosen] = useState<string | null>(null)
  const first = useGeneration(id).data ?? initial
  const several = (first?.metadata.variation?.count ?? 1) > 1
  const request = useRequestIds(several ? first?.batchId : null)
  const ids = request.data ?? []
  const variations = useGenerations(ids)
  const shownVariation = chosen ?? variations.find((v) => v?.picked)?.id ?? id
  const query = useGeneration(branch ?? shownVariation)
  const g = query.data ?? (shownVariation === id ? initial : null) ?? first
  const estimate = useEstimate('magic-edit')
  const download = useDownload()
  if (!g) return null

  let body: ReactNode
  if (g.status === 'pending' || g.status === 'processing') {
    body = (
      <div role="status" className="flex flex-col gap-1" data-testid="chat-pending">
        <p className="flex items-center gap-2 text-sm text-fg">
          <Spinner className="size-4" />
          {t('chat:reply.working')}
          <ElapsedSeconds since={g.createdAt} className="text-xs text-fg-subtle tabular-nums" />
        </p>
        <p className="text-xs text-fg-subtle">
          {estimateText(tCreate, i18n.resolvedLanguage ?? 'en', estimate)}
        </p>
      </div>
    )
  } else {
    const reply = replyFor(g)
    const language = i18n.resolvedLanguage ?? 'en'
    const list = new Intl.ListFormat(language, { type: 'conjunction' })
    body = (
      <div
        className="flex flex-col gap-3"
        data-testid={g.status === 'failed' ? 'chat-failed' : 'chat-result'}
        data-generation-id={g.id}
      >
        {reply.kind === 'failure' ? (
          <div className="flex flex-col gap-1">
            <p className="text-sm text-fg" data-testid="chat-failure-text">
              {t(`jobs:${reply.key}`)}
            </p>
            <FailureReason generation={g} />
            {reply.capabilities && (
              <p className="text-[13px] text-fg-muted">{t('chat:reply.capabilities')}</p>
            )}
            <p className="text-xs text-fg-subtle">{t('jobs:failure.refunded', { credits: g.creditsCost })}</p>
          </div>
        ) : (
          <p className="text-sm text-fg" dir="auto" data-testid="chat-reply-text">
            {reply.kind === 'ops'
              ? t('chat:reply.done', {
                  list: list.format(
                    reply.ops.map((op) => t(`chat:ops.${op.key}` as never, op.values) as string),
                  ),
                })
              : reply.kind === 'text'
                ? reply.text
                : t('chat:reply.generic')}
            {reply.kind === 'ops' &&
              reply.skippedObjects &&
              !g.metadata.refused?.length &&
              ` ${t('chat:reply.skippedObjects')}`}
          </p>
        )}
        {g.status === 'completed' && g.outputImageUrl && (
          <>
            <BranchSwitcher generation={g} onSwitch={setBranch} />
            <ResultViewer
              beforeUrl={g.inputImageUrl}
              afterUrl={g.outputImageUrl}
              beforeLabel={t('chat:reply.before')}
              afterLabel={t('chat:reply.after')}
              alt={t('chat:reply.alt', { prompt: g.userPrompt })}
              width={g.metadata.width}
              height={g.metadata.height}
              changedArea={g.metadata.changedArea}
              className="max-w-xl"
            />
            <EngineNote generation={g} />
            <ResultNotes generation={g} />
            <FidelityReport generation={g} />
            <div className="flex flex-wrap gap-1.5">
              <Button variant="outline" size="sm" onClick={() => onKeepEditing(g)} data-testid="keep-editing">
                <Pencil aria-hidden />
                {t('chat:reply.keepEditing')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => void download(g, g.outputImageUrl)}>
                <Download aria-hidden />
                {t('create:result.download')}
              </Button>
              <Link to={`/video?source=${g.id}`} className={buttonClass('ghost', 'sm')}>
                <Clapperboard aria-hidden />
                {t('create:result.makeVideo')}
              </Link>
            </div>
          </>
        )}
      </div>
    )
  }

  return (
    <div className="flex items-start gap-3" data-testid="assistant-message">
      <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-soft text-accent-soft-fg">
        <Sparkles className="size-4" aria-hidden />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-3 pt-1">
        {ids.length > 1 && (
          <VariationStrip
            variations={variations}
            shown={branch && ids.includes(branch) ? branch : shownVariation}
            onShow={(v) => {
              setChosen(v)
              setBranch(null)
            }}
          />
        )}
        {body}
      </div>
    </div>
  )
}
