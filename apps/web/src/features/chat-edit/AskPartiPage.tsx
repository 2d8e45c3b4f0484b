import type { Conversation, Generation } from '@parti/contract'
import { useQueryClient } from '@tanstack/react-query'
import { Eraser, MessagesSquare, Plus } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Button } from '../../components/ui/Button'
import { ConfirmDialog } from '../../components/ui/ConfirmDialog'
import { Dialog } from '../../components/ui/Dialog'
import { Spinner } from '../../components/ui/Spinner'
import { useSession } from '../auth/session'
import { capabilityView } from '../create/capabilities'
import { GalleryPickerDialog } from '../create/components/GalleryPickerDialog'
import { SupportNote } from '../create/components/SupportNote'
import { useCapabilities } from '../create/hooks/useCapabilities'
import { useGeneration } from '../create/hooks/useGeneration'
import { useSourceImage } from '../create/hooks/useSourceImage'
import { InsufficientCreditsDialog } from '../create/InsufficientCreditsDialog'
import type { InputImage } from '../create/inputImage'
import { useReasonText } from '../create/readiness'
import { generationKeys } from '../jobs/keys'
import { VariationsControl } from '../versions/VariationsControl'
import { ChatThread } from './components/ChatThread'
import { Composer } from './components/Composer'
import { ConversationList } from './components/ConversationList'
import { Welcome } from './components/Welcome'
import { greetingKeyFor } from './greeting'
import {
  conversationKeys,
  useClearMessages,
  useConversation,
  useConversationList,
  useDeleteConversation,
} from './hooks/useConversations'
import { useSendEdit } from './hooks/useSendEdit'
import { useStickToBottom } from './hooks/useStickToBottom'
import { chatReadiness, EDIT_COST } from './readiness'

const asInput = (g: Generation): InputImage | null =>
  g.outputImageUrl
    ? {
        kind: 'generation',
        generationId: g.id,
        previewUrl: g.outputImageUrl,
        width: g.metadata.width,
        height: g.metadata.height,
      }
    : null

/**
 * The signed-in home (docs/product.md#ask-parti): Ask Parti, editing images through a conversation stored on
 * the server.
 */
export default function AskPartiPage() {
  const { t, i18n } = useTranslation(['chat', 'app', 'create'])
  const qc = useQueryClient()
  const { user } = useSession()
  const [params, setParams] = useSearchParams()
  const activeId = params.get('c')
  const list = useConversationList()
  const detail = useConversation(activeId)
  const [prompt, setPrompt] = useState('')
  const [image, setImage] = useState<InputImage | null>(null)
  const [blocked, setBlocked] = useState(false)
  const [picking, setPicking] = useState(false)
  const [drawer, setDrawer] = useState(false)
  const [deleting, setDeleting] = useState<Conversation | null>(null)
  const [clearing, setClearing] = useState(false)
  const [variations, setVariations] = useState(1)
  const remove = useDeleteConversation()
  const clear = useClearMessages()
  const reasonText = useReasonText()
  // the image of the last request: replaced by its result when the edit succeeds, kept to retry when it fails
  const sentImage = useRef<InputImage | null>(null)

  const open = (id: string | null) => {
    setParams(id ? { c: id } : {})
    setDrawer(false)
    setBlocked(false)
  }
  const empty = !activeId || (detail.isSuccess && detail.data.messages.length === 0)
  const thread = useStickToBottom(`${activeId}:${empty}:${detail.isPending}`)
  const { send, job, creating } = useSendEdit(activeId, (id) => setParams({ c: id }, { replace: true }))

  // 'use as input' from another screen, or an edit in the gallery: /?source=<generation id>
  useSourceImage((source) => setImage(source))

  const messages = detail.data?.messages ?? []
  const sentIds = messages.filter((m) => m.role === 'user' && m.generationId).map((m) => m.generationId!)
  const lastSent = sentIds[sentIds.length - 1] ?? null
  const { data: lastGeneration } = useGeneration(lastSent)
  const finishedKey = `${lastSent}:${lastGeneration?.status}`
  // every image of the conversation, newest first, to reuse (docs/product.md#ask-parti)
  // biome-ignore lint/correctness/useExhaustiveDependencies: finishedKey changes when an edit adds its result to the list
  const previous = useMemo(() => {
    const seen = new Set<string>()
    const out: InputImage[] = []
    for (const m of [...messages].reverse()) {
      const g = m.generation
        ? (qc.getQueryData<Generation>(generationKeys.detail(m.generation.id)) ?? m.generation)
        : null
      const output = g?.status === 'completed' ? asInput(g) : null
      if (output && !seen.has(output.previewUrl)) {
        seen.add(output.previewUrl)
        out.push(output)
      }
      for (const url of m.attachmentUrls) {
        if (seen.has(url) || url.startsWith('blob:')) continue
        seen.add(url)
        out.push({ kind: 'url', url, previewUrl: url })
      }
    }
    return out
  }, [messages, qc, finishedKey])

  // a conversation that went away (deleted elsewhere) leaves the address
  useEffect(() => {
    if (activeId && detail.isError) setParams({}, { replace: true })
  }, [activeId, detail.isError, setParams])

  // when an edit finishes, the next request edits its result unless another image was chosen
  const finishedId = lastGeneration?.status === 'completed' ? lastGeneration.id : null
  useEffect(() => {
    if (!finishedId) return
    const g = qc.getQueryData<Generation>(generationKeys.detail(finishedId))
    if (g) setImage((current) => (current === null || current === sentImage.current ? asInput(g) : current))
    void qc.invalidateQueries({ queryKey: conversationKeys.list() })
  }, [finishedId, qc])

  const credits = user?.credits ?? 0
  const capabilities = capabilityView('magic-edit', useCapabilities('magic-edit'), {})
  const reasons = chatReadiness({ hasImage: !!image, prompt, credits, variations })
  const serverError = job.fieldError
  const message = blocked && reasons[0] ? reasonText(reasons[0], 'magicEdit') : (serverError?.text ?? null)

  const submit = async () => {
    if (!image) return
    const ok = await send(prompt, image, variations)
    if (ok) {
      thread.follow()
      sentImage.current = image
      setPrompt('')
      setBlocked(false)
    }
  }
  const onBlocked = () => {
    const first = reasons[0]
    if (first?.code === 'insufficient_credits') job.showInsufficient(first.required, first.available)
    else setBlocked(true)
  }

  const title = detail.data?.conversation.title || t('chat:list.untitled')
  const name = user?.name?.split(' ')[0] || user?.email.split('@')[0] || ''
  const format = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en')
  const conversationList = (showHeading: boolean) => (
    <ConversationList
      showHeading={showHeading}
      conversations={list.data}
      loading={list.isPending}
      activeId={activeId}
      onOpen={open}
      onNew={() => open(null)}
      onDelete={setDeleting}
    />
  )
  const composer = (
    <Composer
      prompt={prompt}
      onPromptChange={(p) => {
        setPrompt(p)
        if (blocked && p.trim() && image) setBlocked(false)
      }}
      image={image}
      onImageChange={(next) => {
        setImage(next)
        job.clearFieldError()
      }}
      previous={previous}
      note={<SupportNote support={capabilities.support('description')} testId="support-description" />}
      onOpenGallery={() => setPicking(true)}
      ready={reasons.length === 0}
      message={message}
      messageAction={
        serverError?.code === 'conversation_required' ? (
          <button
            type="button"
            className="font-medium text-accent underline-offset-2 hover:underline"
            onClick={() => open(null)}
          >
            {t('chat:list.new')}
          </button>
        ) : null
      }
      onSend={() => void submit()}
      onBlocked={onBlocked}
      pending={job.isPending || creating}
      options={<VariationsControl compact value={variations} onChange={setVariations} price={EDIT_COST} />}
      cost={
        variations > 1
          ? t('chat:composer.costVariations', {
              n: variations,
              each: format.format(EDIT_COST),
              credits: format.format(EDIT_COST * variations),
            })
          : t('chat:composer.cost', { credits: format.format(EDIT_COST) })
      }
      autoFocus={!activeId}
    />
  )

  return (
    <div className="flex h-[calc(100dvh-3.5rem)] min-h-0">
      <aside className="hidden w-72 shrink-0 flex-col border-e border-border bg-surface/60 lg:flex">
        {conversationList(true)}
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex h-12 shrink-0 items-center gap-2 border-b border-border px-3 sm:px-5">
          <Button
            variant="ghost"
            size="sm"
            className="lg:hidden"
            onClick={() => setDrawer(true)}
            data-testid="open-conversations"
          >
            <MessagesSquare aria-hidden />
            {t('chat:list.title')}
          </Button>
          <p className="hidden min-w-0 flex-1 truncate text-sm font-medium text-fg lg:block" dir="auto">
            {activeId ? title : t('chat:list.newTitle')}
          </p>
          <span className="flex-1 lg:hidden" />
          {activeId && messages.length > 0 && (
            <Button variant="ghost" size="sm" onClick={() => setClearing(true)} data-testid="clear-messages">
              <Eraser aria-hidden />
              <span className="hidden sm:inline">{t('chat:thread.clear')}</span>
              <span className="sr-only sm:hidden">{t('chat:thread.clear')}</span>
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="lg:hidden"
            onClick={() => open(null)}
            aria-label={t('chat:list.new')}
          >
            <Plus aria-hidden />
          </Button>
        </div>

        {empty ? (
          <div className="flex min-h-0 flex-1 flex-col items-center overflow-y-auto px-4 py-8 sm:px-8">
            <div className="my-auto w-full max-w-2xl">
              {activeId && detail.isPending ? (
                <div className="grid place-items-center py-16">
                  <Spinner label={t('create:common.loading')} />
                </div>
              ) : (
                <Welcome
                  greeting={t(`chat:${greetingKeyFor(new Date().getHours())}`, { name })}
                  onSuggestion={(s) => {
                    setPrompt(s)
                    setBlocked(false)
                  }}
                >
                  {composer}
                </Welcome>
              )}
            </div>
          </div>
        ) : (
          <>
            <div
              ref={thread.scrollRef}
              className="min-h-0 flex-1 overflow-y-auto px-4 py-6 sm:px-8"
              aria-live="polite"
            >
              <div ref={thread.contentRef} className="mx-auto w-full max-w-3xl">
                {detail.isPending ? (
                  <div className="grid place-items-center py-16">
                    <Spinner label={t('create:common.loading')} />
                  </div>
                ) : (
                  <ChatThread messages={messages} onKeepEditing={(g) => setImage(asInput(g))} />
                )}
              </div>
            </div>
            <div className="shrink-0 border-t border-border bg-bg/90 px-4 py-3 backdrop-blur sm:px-8">
              <div className="mx-auto w-full max-w-3xl">{composer}</div>
            </div>
          </>
        )}
      </div>

      <Dialog
        open={drawer}
        onOpenChange={setDrawer}
        title={t('chat:list.title')}
        closeLabel={t('create:common.close')}
        className="p-0 pt-6"
      >
        <div className="flex max-h-[70dvh] flex-col">{conversationList(false)}</div>
      </Dialog>
      <GalleryPickerDialog open={picking} onOpenChange={setPicking} onPick={(g) => setImage(asInput(g))} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('app:confirm.deleteConversation')}
        description={deleting?.title || undefined}
        confirmLabel={t('app:confirm.delete')}
        cancelLabel={t('app:confirm.cancel')}
        pending={remove.isPending}
        onConfirm={() => {
          const target = deleting
          if (!target) return
          remove.mutate(target.id, {
            onSuccess: () => {
              if (target.id === activeId) open(null)
            },
            onSettled: () => setDeleting(null),
          })
        }}
      />
      <ConfirmDialog
        open={clearing}
        onOpenChange={setClearing}
        title={t('app:confirm.clearMessages')}
        description={t('chat:thread.clearNote')}
        confirmLabel={t('chat:thread.clearConfirm')}
        cancelLabel={t('app:confirm.cancel')}
        pending={clear.isPending}
        onConfirm={() => activeId && clear.mutate(activeId, { onSettled: () => setClearing(false) })}
      />
      <InsufficientCreditsDialog {...job.insufficientDialog} />
    </div>
  )
}
