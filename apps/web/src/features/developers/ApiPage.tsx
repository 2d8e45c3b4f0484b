import type { CreatedApiKeyResponse } from '@parti/contract'
import { Check, KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../components/ui/Button'
import { Page } from '../../components/ui/Page'
import { Examples } from './Examples'
import { useApiKeys } from './hooks'
import { KeyList } from './KeyList'
import { CreatedKey, NewKey } from './NewKey'
import { DeliveryLog } from './Webhooks'

const BENEFITS = ['automate', 'sameApi', 'keys'] as const

/**
 * /developers (docs/product.md#api-page): a Pro user's personal API keys and copy-paste examples; anyone else
 * sees what API access gives and where to get it.
 */
export default function ApiPage() {
  const { t } = useTranslation('developers')
  const keys = useApiKeys()
  const [created, setCreated] = useState<CreatedApiKeyResponse | null>(null)
  const access = keys.data?.apiAccess ?? false
  return (
    <Page className="min-w-0">
      <header>
        <p className="text-xs font-semibold tracking-wider text-accent uppercase">{t('eyebrow')}</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{t('title')}</h1>
        <p className="mt-2 max-w-2xl text-[15px] leading-relaxed text-fg-muted">{t('lead')}</p>
      </header>

      {keys.isPending ? (
        <div
          role="status"
          aria-label={t('loading')}
          className="mt-8 h-40 animate-pulse rounded-2xl bg-surface-2"
        />
      ) : keys.isError ? (
        <p className="mt-8 text-sm text-danger" role="alert">
          {t('loadFailed')}
        </p>
      ) : (
        <>
          {!access && <Upsell suspended={keys.data.keys.length > 0} />}
          <section aria-labelledby="keys-title" className="mt-10">
            <h2 id="keys-title" className="text-lg font-semibold tracking-tight text-fg">
              {t('keys.title')}
            </h2>
            {access && (
              <div className="mt-4">
                <NewKey onCreated={setCreated} />
                {created && <CreatedKey created={created} onDone={() => setCreated(null)} />}
              </div>
            )}
            {(access || keys.data.keys.length > 0) && <KeyList keys={keys.data.keys} suspended={!access} />}
          </section>
          {keys.data.keys.length > 0 && <DeliveryLog enabled />}
        </>
      )}
      <Examples apiKey={created?.key ?? null} />
    </Page>
  )
}

function Upsell({ suspended }: { suspended: boolean }) {
  const { t } = useTranslation('developers')
  return (
    <section
      aria-labelledby="upsell-title"
      className="mt-8 rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6"
      data-testid="api-upsell"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-9 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg">
          <KeyRound className="size-[18px]" aria-hidden />
        </span>
        <h2 id="upsell-title" className="font-semibold text-fg">
          {suspended ? t('upsell.suspendedTitle') : t('upsell.title')}
        </h2>
      </div>
      <ul className="mt-4 flex flex-col gap-2.5">
        {BENEFITS.map((key) => (
          <li key={key} className="flex gap-2.5 text-[15px] text-fg-muted">
            <Check className="mt-1 size-4 shrink-0 text-accent" aria-hidden />
            {t(`upsell.${key}`)}
          </li>
        ))}
      </ul>
      <Link to="/pricing" className={buttonClass('primary', 'md', 'mt-5')}>
        {t('upsell.cta')}
      </Link>
    </section>
  )
}
