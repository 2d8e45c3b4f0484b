import { type AdminStyle, type StyleCategory, TEXT_LIMITS } from '@parti/contract'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import { Dialog } from '../../../components/ui/Dialog'
import { TextAreaField, TextField } from '../../../components/ui/Field'
import { Spinner } from '../../../components/ui/Spinner'
import { Switch } from '../../../components/ui/Switch'
import { isApiError } from '../../../lib/api'
import { useErrorText } from '../../../lib/errors'
import { useSaveStyle } from '../hooks/useAdminStyles'
import { type DraftProblem, draftOf, draftProblems, inputOf, type StyleDraft } from '../styleForm'
import { ImageField } from './ImageField'
import { LookFields } from './LookFields'

interface StyleEditorProps {
  /** null: a new style */
  style: AdminStyle | null
  categories: StyleCategory[]
  defaultCategory: string
  onClose: () => void
}

/**
 * docs/product.md#admin-styles, docs/product.md#style: create or edit a style — name, category, image, the
 * three prompts and the local look.
 */
export function StyleEditorDialog({ style, categories, defaultCategory, onClose }: StyleEditorProps) {
  const { t } = useTranslation(['admin', 'translation'])
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={style ? t('admin:form.editTitle', { name: style.name }) : t('admin:form.newTitle')}
      description={t('admin:form.description')}
      closeLabel={t('translation:common.close')}
      className="sm:max-w-3xl"
    >
      <StyleForm style={style} categories={categories} defaultCategory={defaultCategory} onClose={onClose} />
    </Dialog>
  )
}

function StyleForm({ style, categories, defaultCategory, onClose }: StyleEditorProps) {
  const { t } = useTranslation(['admin', 'translation'])
  const errorText = useErrorText()
  const save = useSaveStyle()
  const ids = { categories: useId(), active: useId() }
  const [draft, setDraft] = useState<StyleDraft>(() => draftOf(style, defaultCategory))
  const [problems, setProblems] = useState<DraftProblem[]>([])
  const serverField = isApiError(save.error) ? save.error.details?.field : undefined
  // a field's error goes as soon as the field is edited, not at the next submit
  const update = (patch: Partial<StyleDraft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    setProblems((p) => p.filter((field) => !(field in patch)))
    if (typeof serverField === 'string' && serverField in patch) save.reset()
  }
  const problemText: Record<DraftProblem, string> = {
    name: t('admin:form.nameRequired'),
    category: t('admin:form.categoryRequired'),
    imageUrl: t('admin:form.imageUrlInvalid'),
  }
  const fieldError = (field: DraftProblem) =>
    problems.includes(field) ? problemText[field] : serverField === field ? errorText(save.error) : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = draftProblems(draft)
    setProblems(found)
    if (found.length) return
    save.mutate({ id: style?.id ?? null, input: inputOf(draft) }, { onSuccess: onClose })
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" data-testid="style-form">
      <div className="grid gap-6 md:grid-cols-2">
        <div className="flex flex-col gap-4">
          <TextField
            label={t('admin:form.name')}
            dir="auto"
            value={draft.name}
            maxLength={TEXT_LIMITS.styleName}
            required
            error={fieldError('name')}
            onChange={(e) => update({ name: e.target.value })}
          />
          <TextField
            label={t('admin:form.category')}
            dir="auto"
            list={ids.categories}
            value={draft.category}
            maxLength={TEXT_LIMITS.styleCategory}
            required
            hint={t('admin:form.categoryHint')}
            error={fieldError('category')}
            onChange={(e) => update({ category: e.target.value })}
          />
          <datalist id={ids.categories}>
            {categories.map((c) => (
              <option key={c.id} value={c.name} />
            ))}
          </datalist>
          <ImageField
            style={style}
            value={draft.image}
            onChange={(image) => update({ image })}
            error={fieldError('imageUrl')}
          />
          <Switch
            id={ids.active}
            checked={draft.active}
            onChange={(active) => update({ active })}
            label={t('admin:form.active')}
            description={t('admin:form.activeHint')}
          />
        </div>
        <div className="flex flex-col gap-4">
          <TextAreaField
            label={t('admin:form.prompt')}
            dir="auto"
            value={draft.prompt}
            maxLength={TEXT_LIMITS.prompt}
            hint={t('admin:form.promptHint')}
            onChange={(e) => update({ prompt: e.target.value })}
          />
          <TextAreaField
            label={t('admin:form.negativePrompt')}
            dir="auto"
            className="[&_textarea]:min-h-20"
            value={draft.negativePrompt}
            maxLength={TEXT_LIMITS.prompt}
            hint={t('admin:form.negativePromptHint')}
            onChange={(e) => update({ negativePrompt: e.target.value })}
          />
          <TextAreaField
            label={t('admin:form.qualityPrompt')}
            dir="auto"
            className="[&_textarea]:min-h-20"
            value={draft.qualityPrompt}
            maxLength={TEXT_LIMITS.prompt}
            hint={t('admin:form.qualityPromptHint')}
            onChange={(e) => update({ qualityPrompt: e.target.value })}
          />
        </div>
      </div>
      <LookFields value={draft.look} onChange={(look) => update({ look })} />
      {save.isError && !serverField && (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {errorText(save.error)}
        </p>
      )}
      <div className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-col-reverse gap-2 border-t border-border bg-surface px-6 py-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={save.isPending}>
          {t('admin:actions.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="save-style">
          {save.isPending && <Spinner className="text-current" />}
          {style ? t('admin:form.save') : t('admin:form.create')}
        </Button>
      </div>
    </form>
  )
}
