import type { CreatedApiKeyResponse } from '@parti/contract'
import { Plus, TriangleAlert } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/Button'
import { TextField } from '../../components/ui/Field'
import { CodeBlock } from './CodeBlock'
import { useCreateKey } from './hooks'
import { WebhookSecret } from './Webhooks'

/** Name a new key and create it; the key is then shown this once, with a copy button. */
export function NewKey({ onCreated }: { onCreated: (created: CreatedApiKeyResponse | null) => void }) {
  const { t } = useTranslation('developers')
  const create = useCreateKey()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) return setError(t('create.nameRequired'))
    setError(null)
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (created) => {
          setName('')
          onCreated(created)
        },
      },
    )
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        label={t('create.name')}
        hint={t('create.nameHint')}
        error={error}
        value={name}
        maxLength={60}
        onChange={(e) => setName(e.target.value)}
        className="flex-1"
        data-testid="api-key-name"
      />
      <Button type="submit" disabled={create.isPending} className="sm:mt-[26px]" data-testid="create-api-key">
        <Plus aria-hidden />
        {t('create.submit')}
      </Button>
    </form>
  )
}

/** The key just created: copy it now, it will not be shown again. */
export function CreatedKey({ created, onDone }: { created: CreatedApiKeyResponse; onDone: () => void }) {
  const { t } = useTranslation('developers')
  return (
    <div
      role="status"
      className="mt-5 rounded-2xl border border-accent/40 bg-accent-soft/40 p-4 sm:p-5"
      data-testid="created-key"
    >
      <p className="flex items-start gap-2 text-sm font-medium text-fg">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
        {t('created.title', { name: created.name })}
      </p>
      <p className="mt-1 text-sm text-fg-muted">{t('created.once')}</p>
      <div className="mt-3">
        <CodeBlock code={created.key} label={t('created.label')} testId="created-key-value" />
      </div>
      <WebhookSecret secret={created.webhookSecret} />
      <Button variant="outline" size="sm" className="mt-3" onClick={onDone}>
        {t('created.done')}
      </Button>
    </div>
  )
}
