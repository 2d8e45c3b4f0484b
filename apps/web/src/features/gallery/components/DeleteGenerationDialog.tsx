import type { Generation } from '@parti/contract'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog'
import { useProjects } from '../../projects/api'
import { isPending } from '../kinds'

interface DeleteGenerationDialogProps {
  generation: Generation | null
  pending: boolean
  onConfirm: (g: Generation) => void
  onCancel: () => void
}

/**
 * docs/product.md#confirmations: the delete confirmation for an image or a video; Cancel keeps it. A waiting
 * job is cancelled. A result of a published project says that its public original page goes with it
 * (docs/decisions/0106-public-originals.md).
 */
export function DeleteGenerationDialog({
  generation,
  pending,
  onConfirm,
  onCancel,
}: DeleteGenerationDialogProps) {
  const { t } = useTranslation('app')
  const { t: tg } = useTranslation('gallery')
  const g = generation
  const waiting = g ? isPending(g) : false
  const projects = useProjects()
  const published = g?.projectId ? projects.data?.find((p) => p.id === g.projectId && p.published) : undefined
  return (
    <ConfirmDialog
      open={!!g}
      onOpenChange={(open) => !open && onCancel()}
      title={
        waiting
          ? tg('confirm.cancelJob')
          : g?.type === 'video'
            ? t('confirm.deleteVideo')
            : t('confirm.deleteImage')
      }
      description={
        waiting
          ? tg('confirm.cancelJobBody', { credits: g?.creditsCost ?? 0 })
          : published
            ? tg('confirm.publishedOriginal', { name: published.name })
            : undefined
      }
      confirmLabel={waiting ? tg('confirm.cancelJobConfirm') : t('confirm.delete')}
      cancelLabel={waiting ? tg('confirm.keepJob') : t('confirm.cancel')}
      pending={pending}
      onConfirm={() => g && onConfirm(g)}
      preview={
        g?.thumbnailUrl ? (
          <img
            src={g.thumbnailUrl}
            alt=""
            className="size-14 rounded-lg object-cover"
            width={56}
            height={56}
          />
        ) : undefined
      }
    />
  )
}
