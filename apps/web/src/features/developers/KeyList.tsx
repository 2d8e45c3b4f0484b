import type { ApiKey } from '@parti/contract'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/Button'
import { ConfirmDialog } from '../../components/ui/ConfirmDialog'
import { useRevokeKey } from './hooks'
import { KeyWebhookLine, WebhookButton } from './Webhooks'

/** The user's keys: name, first characters, created, last used, and Revoke after a confirmation. */
export function KeyList({ keys, suspended }: { keys: ApiKey[]; suspended: boolean }) {
  const { t, i18n } = useTranslation('developers')
  const { t: tApp } = useTranslation('app')
  const revoke = useRevokeKey()
  const [asked, setAsked] = useState<ApiKey | null>(null)
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso))
  if (keys.length === 0) return <p className="mt-4 text-sm text-fg-muted">{t('keys.none')}</p>
  return (
    <>
      <ul
        className="mt-4 divide-y divide-border rounded-2xl border border-border bg-surface shadow-card"
        data-testid="api-keys"
      >
        {keys.map((key) => (
          <li key={key.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3.5 sm:px-5">
            <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg">
              <KeyRound className="size-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
                <span className="truncate">{key.name}</span>
                <code
                  dir="ltr"
                  className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-fg-muted"
                >
                  {key.prefix}…
                </code>
                {suspended && (
                  <span className="rounded-full bg-danger-soft px-2 py-0.5 text-xs text-danger">
                    {t('keys.suspended')}
                  </span>
                )}
              </p>
              <p className="mt-0.5 text-xs text-fg-subtle">
                {t('keys.created', { date: date(key.createdAt) })} ·{' '}
                {key.lastUsedAt ? t('keys.lastUsed', { date: date(key.lastUsedAt) }) : t('keys.neverUsed')}
              </p>
              <KeyWebhookLine url={key.webhookUrl} />
            </div>
            {/* below the key on a phone, beside it from sm up */}
            <div className="flex w-full justify-end gap-2 sm:w-auto">
              {!suspended && <WebhookButton apiKey={key} />}
              <Button variant="outline" size="sm" onClick={() => setAsked(key)}>
                {t('keys.revoke')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={t('revoke.title', { name: asked?.name ?? '' })}
        description={t('revoke.description')}
        confirmLabel={t('keys.revoke')}
        cancelLabel={tApp('confirm.cancel')}
        pending={revoke.isPending}
        onConfirm={() => {
          if (asked) revoke.mutate(asked.id, { onSettled: () => setAsked(null) })
        }}
      />
    </>
  )
}
