import type { ConversationMessage, Generation } from '@parti/contract'
import { Sparkles } from 'lucide-react'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { EditReply } from './EditReply'

/**
 * The messages of a conversation. Each request the user sent is followed by its edit, read live from the
 * generation (the server's own answer for that edit is the same news, so it is not shown twice); an answer
 * without a request (the request was cleared) shows its text.
 */
export function ChatThread({
  messages,
  onKeepEditing,
}: {
  messages: ConversationMessage[]
  onKeepEditing: (g: Generation) => void
}) {
  const { t } = useTranslation('chat')
  const asked = new Set(
    messages.filter((m) => m.role === 'user' && m.generationId).map((m) => m.generationId),
  )
  return (
    <ol className="flex flex-col gap-6" aria-label={t('thread.label')} data-testid="chat-thread">
      {messages.map((m) => {
        if (m.role === 'user') {
          return (
            <Fragment key={m.id}>
              <li className="flex justify-end" data-testid="user-message">
                <div className="flex max-w-[85%] flex-col items-end gap-2">
                  {m.attachmentUrls.map((url) => (
                    <img
                      key={url}
                      src={url}
                      alt={t('thread.attachment')}
                      className="max-h-40 max-w-[16rem] rounded-xl border border-border object-cover"
                    />
                  ))}
                  {m.text && (
                    <p
                      className="rounded-2xl rounded-ee-md bg-accent px-3.5 py-2 text-sm text-accent-fg"
                      dir="auto"
                    >
                      {m.text}
                    </p>
                  )}
                </div>
              </li>
              {m.generationId && (
                <li>
                  <EditReply id={m.generationId} initial={m.generation} onKeepEditing={onKeepEditing} />
                </li>
              )}
            </Fragment>
          )
        }
        if (m.generationId && asked.has(m.generationId)) return null
        return (
          <li key={m.id} className="flex items-start gap-3" data-testid="assistant-message">
            <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-soft text-accent-soft-fg">
              <Sparkles className="size-4" aria-hidden />
            </span>
            <p className="min-w-0 flex-1 pt-1.5 text-sm text-fg" dir="auto">
              {m.text}
            </p>
          </li>
        )
      })}
    </ol>
  )
}
