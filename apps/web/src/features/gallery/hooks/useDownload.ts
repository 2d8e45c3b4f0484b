import type { Generation } from '@parti/contract'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { attachmentUrl, type DownloadWhich, downloadName } from '../download'

/**
 * Download the original file under a meaningful name. A HEAD request first checks the file is there and ours
 * (so a failure says 'Failed to download file' instead of saving an error page), then the browser fetches it as
 * an attachment itself: a video is never held in memory.
 */
export function useDownload() {
  const { t } = useTranslation('app')
  return useCallback(
    async (g: Generation, url: string | null, which: DownloadWhich = 'result') => {
      try {
        if (!url) throw new Error('no file')
        const head = await fetch(url, { method: 'HEAD', credentials: 'include' })
        if (!head.ok) throw new Error(`HTTP ${head.status}`)
        const name = downloadName(g, url, which)
        const link = document.createElement('a')
        link.href = attachmentUrl(url, name)
        link.download = name
        link.rel = 'noopener'
        document.body.append(link)
        link.click()
        link.remove()
      } catch {
        toast.error(t('messages.generation.downloadFailed'))
      }
    },
    [t],
  )
}
