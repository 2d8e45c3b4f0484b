import type { ContactRequest } from '@parti/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../lib/api'

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: ContactRequest) => call('POST /contact/messages', { body }),
  })
}
