import type { AdminStyle } from '@parti/contract'
import { ImageIcon, Link2, Upload, X } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, buttonClass } from '../../../components/ui/Button'
import { TextField } from '../../../components/ui/Field'
import { Spinner } from '../../../components/ui/Spinner'
import { useErrorText } from '../../../lib/errors'
import { useUploadStyleImage } from '../hooks/useAdminStyles'
import type { ImageDraft } from '../styleForm'

interface ImageFieldProps {
  style: AdminStyle | null
  value: ImageDraft
  onChange: (value: ImageDraft) => void
  error?: string | null
}

/**
 * A style's image (docs/product.md#style): an upload or an address; without either the card is drawn in the
 * style's look.
 */
export function ImageField({ style, value, onChange, error }: ImageFieldProps) {
  const { t } = useTranslation('admin')
  const errorText = useErrorText()
  const upload = useUploadStyleImage()
  const id = useId()

  const preview =
    value.kind === 'uploaded'
      ? value.imageUrl
      : value.kind === 'keep' && style?.imageUrl
        ? style.imageUrl
        : null
  const status =
    value.kind === 'uploaded'
      ? t('form.imageUploaded')
      : value.kind === 'url'
        ? t('form.imageFromUrl')
        : value.kind === 'drawn'
          ? t('form.imageDrawn')
          : style?.imageSource === 'drawn'
            ? t('form.imageDrawn')
            : t('form.imageStored')
  const ownImage =
    value.kind === 'uploaded' ||
    value.kind === 'url' ||
    (value.kind === 'keep' && style?.imageSource !== 'drawn')

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1.5 text-[13px] font-medium text-fg">{t('form.image')}</legend>
      <div className="flex items-start gap-4">
        <div className="grid aspect-[4/3] w-32 shrink-0 place-items-center overflow-hidden rounded-xl bg-surface-2 ring-1 ring-border">
          {upload.isPending ? (
            <Spinner label={t('form.uploading')} />
          ) : preview ? (
            <img
              src={preview}
              alt={t('form.imagePreview')}
              className="size-full object-cover"
              data-testid="style-image-preview"
            />
          ) : (
            <ImageIcon className="size-6 text-fg-subtle" aria-hidden />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-xs leading-relaxed text-fg-muted" aria-live="polite">
            {status}
          </p>
          <div className="flex flex-wrap gap-1.5">
            <label
              className={buttonClass(
                'outline',
                'sm',
                'cursor-pointer focus-within:outline-2 focus-within:outline-ring/50',
              )}
            >
              <Upload aria-hidden />
              {t('form.upload')}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="sr-only"
                data-testid="style-image-input"
                disabled={upload.isPending}
                onChange={(event) => {
                  const file = event.target.files?.[0]
                  event.target.value = ''
                  if (file)
                    upload.mutate(file, {
                      onSuccess: (r) => onChange({ kind: 'uploaded', imageUrl: r.imageUrl }),
                    })
                }}
              />
            </label>
            {value.kind !== 'url' && (
              <Button variant="ghost" size="sm" onClick={() => onChange({ kind: 'url', url: '' })}>
                <Link2 aria-hidden />
                {t('form.useUrl')}
              </Button>
            )}
            {ownImage && (
              <Button variant="ghost" size="sm" onClick={() => onChange({ kind: 'drawn' })}>
                <X aria-hidden />
                {t('form.removeImage')}
              </Button>
            )}
          </div>
        </div>
      </div>
      {upload.isError && (
        <p role="alert" className="text-xs text-danger">
          {errorText(upload.error)}
        </p>
      )}
      {value.kind === 'url' && (
        <TextField
          id={`${id}-url`}
          label={t('form.imageUrl')}
          type="url"
          inputMode="url"
          dir="ltr"
          placeholder="https://"
          value={value.url}
          hint={t('form.imageUrlHint')}
          error={error}
          onChange={(e) => onChange({ kind: 'url', url: e.target.value })}
        />
      )}
      {value.kind !== 'url' && error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </fieldset>
  )
}
