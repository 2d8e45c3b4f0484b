import type { ConversationMessage } from '@parti/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { appendInput, type InputImage } from '../../create/inputImage'
import { useStartJob } from '../../create/useStartJob'
import { type ConversationDetail, conversationKeys, useCreateConversation } from './useConversations'

/**
 * Send one edit request in a conversation: start the conversation first when there is none yet
 * (docs/product.md#chat-conversation:
 * chat needs a conversation started before sending), then POST /api/render/start with generationType
 * chat-edit. The user's message shows at once; the server records it with the job.
 */
export function useSendEdit(conversationId: string | null, onConversation: (id: string) => void) {
  const qc = useQueryClient()
  const { t } = useTranslation('app')
  const create = useCreateConversation()
  const job = useStartJob({
    insufficientVariant: 'magicEdit',
    failureTitle: t('messages.generation.chatEditFailed'),
  })

  const send = useCallback(
    async (prompt: string, image: InputImage): Promise<boolean> => {
      let id = conversationId
      if (!id) {
        const created = await create.mutateAsync(undefined).catch(() => null)
        if (!created) return false
        id = created.conversation.id
        onConversation(id)
      }
      const form = new FormData()
      form.append('generationType', 'chat-edit')
      form.append('userPrompt', prompt.trim())
      form.append('conversationId', id)
      appendInput(form, 'image', image)
      const started = await job.start({ endpoint: '/render/start', body: form })
      const g = started?.generations[0]
      if (!g) return false
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
    [conversationId, create, job, onConversation, qc],
  )

  return { send, job, creating: create.isPending }
}
