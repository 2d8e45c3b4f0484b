import type { ContactRequest } from '@parti/contract'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../lib/api'

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: ContactRequest) => api.post<{ success: true }>('/contact/messages', body),
  })
}
