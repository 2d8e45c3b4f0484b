import type { Generation } from '@parti/contract'
import { ImageOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import { Dialog } from '../../../components/ui/Dialog'
import { Spinner } from '../../../components/ui/Spinner'
import { useRecentGenerations } from '../hooks/useRecentGenerations'

interface GalleryPickerDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  onPick: (generation: Generation) => void
}

/**
 * Choose one of your finished images as the input (docs/product.md#ask-parti: attach an image from the
 * gallery).
 */
export function GalleryPickerDialog({ open, onOpenChange, onPick }: GalleryPickerDialogProps) {
  const { t } = useTranslation('create')
  const list = useRecentGenerations({ type: 'image' }, { enabled: open })
  const images = list.items.filter((g) => g.status === 'completed' && g.outputImageUrl)
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('picker.title')}
      description={t('picker.description')}
      closeLabel={t('common.close')}
      className="max-w-2xl"
    >
      <div data-testid="gallery-picker">
        {list.isPending ? (
          <div className="grid place-items-center py-12">
            <Spinner label={t('common.loading')} />
          </div>
        ) : images.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center text-sm text-fg-muted">
            <ImageOff className="size-6 text-fg-subtle" aria-hidden />
            {t('picker.empty')}
          </div>
        ) : (
          <ul className="grid max-h-[55vh] grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-4">
            {images.map((g) => (
              <li key={g.id}>
                <button
                  type="button"
                  onClick={() => {
                    onPick(g)
                    onOpenChange(false)
                  }}
                  className="block aspect-square w-full overflow-hidden rounded-lg border border-border bg-surface-2 transition hover:border-accent focus-visible:border-accent"
                  aria-label={t('picker.choose', { prompt: g.userPrompt || t('recent.untitled') })}
                >
                  <img
                    src={g.thumbnailUrl ?? g.outputImageUrl ?? ''}
                    alt=""
                    loading="lazy"
                    className="size-full object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <div className="mt-3 flex justify-center">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {t('picker.more')}
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  )
}
