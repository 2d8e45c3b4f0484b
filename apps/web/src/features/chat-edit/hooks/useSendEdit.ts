import type { ConversationMessage } from '@parti/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../../lib/api'
import { appendInput, type InputImage } from '../../create/inputImage'
import { useStartJob } from '../../create/useStartJob'
import {
  type ConversationDetail,
  type ConversationList,
  conversationKeys,
  useCreateConversation,
} from './useConversations'

/**
 * Send one edit request in a conversation: start the conversation first when there is none yet
 * (docs/product.md#chat-conversation:
 * chat needs a conversation started before sending), then POST /api/render/start with generationType
 * chat-edit. The user's message shows at once; the server records it with the job. A conversation started
 * for a request the server then refuses (credits, a file, the engine) is deleted again, so a refused first
 * send leaves no empty "Untitled conversation" behind, and the page moves to it only once it holds the request.
 */
export function useSendEdit(conversationId: string | null, onConversation: (id: string) => void) {
  const qc = useQueryClient()
  const { t } = useTranslation('app')
  const create = useCreateConversation()
  const job = useStartJob({
    insufficientVariant: 'magicEdit',
    failureTitle: t('messages.generation.chatEditFailed'),
  })

  // a conversation made for a send that was refused: gone from the server and the list, without a toast
  const discard = useCallback(
    async (id: string) => {
      await call('DELETE /conversations/{id}', { params: { id } }).catch(() => {})
      qc.setQueryData<ConversationList>(conversationKeys.list(), (old) =>
        old ? { conversations: old.conversations.filter((c) => c.id !== id) } : old,
      )
      qc.removeQueries({ queryKey: conversationKeys.detail(id) })
    },
    [qc],
  )

  const send = useCallback(
    async (prompt: string, image: InputImage, variations = 1): Promise<boolean> => {
      let id = conversationId
      const fresh = !id
      if (!id) {
        const created = await create.mutateAsync(undefined).catch(() => null)
        if (!created) return false
        id = created.conversation.id
      }
      const form = new FormData()
      form.append('generationType', 'chat-edit')
      form.append('userPrompt', prompt.trim())
      form.append('conversationId', id)
      if (variations > 1) form.append('variations', String(variations))
      appendInput(form, 'image', image)
      const started = await job.start({ endpoint: '/render/start', body: form })
      const g = started?.generations[0]
      if (!g) {
        if (fresh) await discard(id)
        return false
      }
      if (fresh) onConversation(id)
      const mine: ConversationMessage = {
        id: `local-${g.id}`,
        role: 'user',
        text: prompt.trim(),
        attachmentUrls: [image.previewUrl],
        generationId: g.id,
        generation: g,
        createdAt: g.createdAt,
      }
      qc.setQueryData<ConversationDetail>(conversationKeys.detail(id), (old) =>
        old ? { ...old, messages: [...old.messages, mine] } : old,
      )
      void qc.invalidateQueries({ queryKey: conversationKeys.detail(id) })
      void qc.invalidateQueries({ queryKey: conversationKeys.list() })
      return true
    },
    [conversationId, create, job, onConversation, qc, discard],
  )

  return { send, job, creating: create.isPending }
}
