import type { Conversation, ConversationMessage } from '@parti/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { api } from '../../../lib/api'

export interface ConversationDetail {
  conversation: Conversation
  messages: ConversationMessage[]
}

export const conversationKeys = {
  all: ['conversations'] as const,
  list: () => ['conversations', 'list'] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
}

/** GET /api/conversations: newest first. */
export function useConversationList() {
  return useQuery({
    queryKey: conversationKeys.list(),
    queryFn: () => api.get<{ conversations: Conversation[] }>('/conversations'),
    select: (r) => r.conversations,
    staleTime: 30_000,
  })
}

/** GET /api/conversations/{id}: the conversation and its messages, each edit embedded with before and after. */
export function useConversation(id: string | null) {
  return useQuery({
    queryKey: conversationKeys.detail(id ?? ''),
    queryFn: () => api.get<ConversationDetail>(`/conversations/${id}`),
    enabled: !!id,
    staleTime: 30_000,
    retry: false,
  })
}

/** POST /api/conversations ('Failed to create conversation' when it cannot). */
export function useCreateConversation() {
  const qc = useQueryClient()
  const { t } = useTranslation('app')
  return useMutation({
    mutationFn: (title?: string) =>
      api.post<{ conversation: Conversation }>('/conversations', title ? { title } : {}),
    onSuccess: ({ conversation }) => {
      qc.setQueryData<{ conversations: Conversation[] }>(conversationKeys.list(), (old) => ({
        conversations: [conversation, ...(old?.conversations ?? []).filter((c) => c.id !== conversation.id)],
      }))
      qc.setQueryData<ConversationDetail>(conversationKeys.detail(conversation.id), {
        conversation,
        messages: [],
      })
    },
    onError: () => toast.error(t('messages.generation.conversationFailed')),
  })
}

/** DELETE /api/conversations/{id}: gone from the list once the server agrees. */
export function useDeleteConversation() {
  const qc = useQueryClient()
  const { t } = useTranslation('app')
  return useMutation({
    mutationFn: (id: string) => api.delete(`/conversations/${id}`),
    onSuccess: (_r, id) => {
      qc.setQueryData<{ conversations: Conversation[] }>(conversationKeys.list(), (old) =>
        old ? { conversations: old.conversations.filter((c) => c.id !== id) } : old,
      )
      qc.removeQueries({ queryKey: conversationKeys.detail(id) })
      toast.success(t('toasts.deleteSuccess'))
    },
    onError: () => toast.error(t('toasts.deleteError')),
  })
}

/** DELETE /api/conversations/{id}/messages: permanent; the images stay in the gallery. */
export function useClearMessages() {
  const qc = useQueryClient()
  const { t } = useTranslation('app')
  return useMutation({
    mutationFn: (id: string) => api.delete(`/conversations/${id}/messages`),
    onSuccess: (_r, id) => {
      qc.setQueryData<ConversationDetail>(conversationKeys.detail(id), (old) =>
        old ? { ...old, messages: [] } : old,
      )
      void qc.invalidateQueries({ queryKey: conversationKeys.list() })
      toast.success(t('toasts.deleteSuccess'))
    },
    onError: () => toast.error(t('toasts.deleteError')),
  })
}
