import type { RouteResponse } from '@parti/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { call } from '../../../lib/api'

export type ConversationDetail = RouteResponse<'GET /conversations/{id}'>
export type ConversationList = RouteResponse<'GET /conversations'>

export const conversationKeys = {
  all: ['conversations'] as const,
  list: () => ['conversations', 'list'] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
}

/** GET /api/conversations: newest first. */
export function useConversationList() {
  return useQuery({
    queryKey: conversationKeys.list(),
    queryFn: () => call('GET /conversations'),
    select: (r) => r.conversations,
    staleTime: 30_000,
  })
}

/** GET /api/conversations/{id}: the conversation and its messages, each edit embedded with before and after. */
export function useConversation(id: string | null) {
  return useQuery({
    queryKey: conversationKeys.detail(id ?? ''),
    queryFn: () => call('GET /conversations/{id}', { params: { id: id ?? '' } }),
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
    mutationFn: (title?: string) => call('POST /conversations', { body: title ? { title } : {} }),
    onSuccess: ({ conversation }) => {
      qc.setQueryData<ConversationList>(conversationKeys.list(), (old) => ({
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
    mutationFn: (id: string) => call('DELETE /conversations/{id}', { params: { id } }),
    onSuccess: (_r, id) => {
      qc.setQueryData<ConversationList>(conversationKeys.list(), (old) =>
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
    mutationFn: (id: string) => call('DELETE /conversations/{id}/messages', { params: { id } }),
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
