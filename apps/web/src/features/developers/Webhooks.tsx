import type { ApiKey, CallbackDelivery } from '@parti/contract'
import { Webhook } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../components/ui/Badge'
import { Button } from '../../components/ui/Button'
import { ConfirmDialog } from '../../components/ui/ConfirmDialog'
import { Dialog } from '../../components/ui/Dialog'
import { TextField } from '../../components/ui/Field'
import { CodeBlock } from './CodeBlock'
import { useDeliveries, useRotateSecret, useSetWebhookUrl } from './hooks'

// Job webhooks on the API page (docs/product.md#api-webhooks): a key's signing secret shown once, its default
// callback URL and secret rotation, and the log of the last deliveries.

/** A webhook signing secret, shown this once. */
export function WebhookSecret({ secret }: { secret: string }) {
  const { t } = useTranslation('webhooks')
  return (
    <div className="mt-4" data-testid="webhook-secret">
      <p className="text-sm font-medium text-fg">{t('secret.title')}</p>
      <p className="mt-0.5 text-sm text-fg-muted">{t('secret.hint')}</p>
      <div className="mt-2">
        <CodeBlock code={secret} label={t('secret.label')} testId="webhook-secret-value" />
      </div>
    </div>
  )
}

/** Under a key: where its jobs' webhooks go by default. */
export function KeyWebhookLine({ url }: { url: string | null }) {
  const { t } = useTranslation('webhooks')
  if (!url) return null
  return (
    <p className="mt-0.5 flex min-w-0 items-center gap-1.5 text-xs text-fg-subtle">
      <Webhook className="size-3.5 shrink-0" aria-hidden />
      <span className="sr-only">{t('key.defaultUrl')}</span>
      <span dir="ltr" className="truncate font-mono">
        {url}
      </span>
    </p>
  )
}

/** A key's webhook settings: its default URL, and a new signing secret. */
export function WebhookButton({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation('webhooks')
  const { t: tApp } = useTranslation('app')
  const save = useSetWebhookUrl()
  const rotate = useRotateSecret()
  const [open, setOpen] = useState(false)
  const [url, setUrl] = useState(apiKey.webhookUrl ?? '')
  const [error, setError] = useState<string | null>(null)
  const [askRotate, setAskRotate] = useState(false)
  const [secret, setSecret] = useState<string | null>(null)

  const show = (next: boolean) => {
    setOpen(next)
    if (next) {
      setUrl(apiKey.webhookUrl ?? '')
      setError(null)
      setSecret(null)
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = url.trim()
    if (value && !/^https?:\/\/\S+$/i.test(value)) return setError(t('key.urlInvalid'))
    setError(null)
    save.mutate({ id: apiKey.id, url: value || null }, { onSuccess: () => setOpen(false) })
  }
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => show(true)} data-testid="webhook-settings">
        <Webhook aria-hidden />
        {t('key.button')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={show}
        title={t('key.title', { name: apiKey.name })}
        description={t('key.lead')}
        closeLabel={tApp('confirm.cancel')}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <TextField
            label={t('key.url')}
            hint={t('key.urlHint')}
            error={error}
            value={url}
            type="url"
            dir="ltr"
            inputMode="url"
            placeholder="https://example.com/hooks/parti"
            maxLength={2000}
            onChange={(e) => setUrl(e.target.value)}
            data-testid="webhook-url"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending} data-testid="webhook-save">
              {t('key.save')}
            </Button>
          </div>
        </form>
        <div className="mt-6 border-t border-border pt-5">
          <p className="text-sm font-medium text-fg">{t('key.rotateTitle')}</p>
          <p className="mt-0.5 text-sm text-fg-muted">{t('key.rotateLead')}</p>
          {secret ? (
            <WebhookSecret secret={secret} />
          ) : (
            <Button
              variant="outline"
              size="sm"
              className="mt-3"
              onClick={() => setAskRotate(true)}
              data-testid="webhook-rotate"
            >
              {t('key.rotate')}
            </Button>
          )}
        </div>
      </Dialog>
      <ConfirmDialog
        open={askRotate}
        onOpenChange={setAskRotate}
        title={t('rotate.title')}
        description={t('rotate.description')}
        confirmLabel={t('key.rotate')}
        cancelLabel={tApp('confirm.cancel')}
        pending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(apiKey.id, {
            onSuccess: (r) => setSecret(r.webhookSecret),
            onSettled: () => setAskRotate(false),
          })
        }
      />
    </>
  )
}

const TONE: Record<CallbackDelivery['status'], 'neutral' | 'accent' | 'danger'> = {
  waiting: 'neutral',
  pending: 'neutral',
  delivered: 'accent',
  failed: 'danger',
}

/** The last deliveries: when, where, how it went, attempts and the receiver's last answer. */
export function DeliveryLog({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation('webhooks')
  const log = useDeliveries(enabled)
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso))
  return (
    <section aria-labelledby="deliveries-title" className="mt-12 min-w-0">
      <h2 id="deliveries-title" className="text-lg font-semibold tracking-tight text-fg">
        {t('log.title')}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-fg-muted">{t('log.lead')}</p>
      {log.isPending ? (
        <div
          role="status"
          aria-label={t('log.loading')}
          className="mt-4 h-24 animate-pulse rounded-2xl bg-surface-2"
        />
      ) : log.isError ? (
        <p className="mt-4 text-sm text-danger" role="alert">
          {t('log.loadFailed')}
        </p>
      ) : log.data.deliveries.length === 0 ? (
        <p className="mt-4 text-sm text-fg-muted">{t('log.none')}</p>
      ) : (
        <ul
          className="mt-4 divide-y divide-border rounded-2xl border border-border bg-surface shadow-card"
          data-testid="webhook-deliveries"
        >
          {log.data.deliveries.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-4 gap-y-1.5 px-4 py-3 sm:px-5">
              <Badge tone={TONE[d.status]} className="shrink-0">
                {t(`status.${d.status}`)}
              </Badge>
              <div className="min-w-0 flex-1 basis-56">
                <p className="truncate font-mono text-xs text-fg">
                  <span dir="ltr">{d.url}</span>
                </p>
                <p className="mt-0.5 text-xs text-fg-subtle">
                  {date(d.createdAt)} · {t('log.job')}{' '}
                  <code dir="ltr" className="font-mono">
                    {d.generationId.slice(-8)}
                  </code>
                </p>
              </div>
              <p className="text-xs text-fg-muted tabular-nums">
                {t('log.attempts', { count: d.attempts })}
                {d.lastStatusCode !== null && <> · {t('log.code', { code: d.lastStatusCode })}</>}
                {d.lastError && d.lastStatusCode === null && <> · {t(`errors.${errorKey(d.lastError)}`)}</>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

const ERROR_KEYS = [
  'timeout',
  'network',
  'forbidden_address',
  'key_revoked',
  'redirect_not_followed',
] as const
const errorKey = (e: string): (typeof ERROR_KEYS)[number] | 'other' =>
  (ERROR_KEYS as readonly string[]).includes(e) ? (e as (typeof ERROR_KEYS)[number]) : 'other'
