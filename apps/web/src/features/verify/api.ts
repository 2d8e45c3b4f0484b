import { VERIFY_LIMIT_BYTES } from '@parti/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../lib/api'

/** What the page accepts, as the server does (docs/decisions/0113-c2pa-signing-at-download.md). */
export const VERIFY_ACCEPT = 'image/jpeg,image/png,image/webp,video/mp4,.jpg,.jpeg,.png,.webp,.mp4'
export const VERIFY_LIMIT_MB = VERIFY_LIMIT_BYTES / (1024 * 1024)

export function useVerifyFile() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData()
      body.append('file', file, file.name || 'file')
      return call('POST /verify', { body })
    },
  })
}
