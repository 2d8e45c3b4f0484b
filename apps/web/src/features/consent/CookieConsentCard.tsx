import type { ConsentRequest } from '@parti/contract'
import { Cookie } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../components/ui/Button'
import { call } from '../../lib/api'
import { type CookieConsent, readStored, writeStored } from '../../lib/storage'

type Choice = 'all' | 'necessary'

const CATEGORIES: Record<Choice, CookieConsent['categories']> = {
  all: ['necessary', 'preferences', 'analytics'],
  necessary: ['necessary'],
}

/**
 * The cookie-consent card of the public pages (docs/product.md#cookie-consent), shown until the visitor
 * chooses. The choice is kept in the browser and recorded on our server
 * (docs/decisions/0014-cookie-consent-on-our-server.md: instead of a cloud document store).
 */
export function CookieConsentCard() {
  const { t } = useTranslation()
  const [decided, setDecided] = useState(() => readStored('cookieConsent') !== null)
  if (decided) return null

  const choose = (choice: Choice) => {
    const record: CookieConsent = {
      accepted: choice === 'all',
      categories: CATEGORIES[choice],
      decidedAt: new Date().toISOString(),
    }
    writeStored('cookieConsent', record)
    setDecided(true)
    const body: ConsentRequest = { accepted: record.accepted, categories: record.categories }
    // Recording is best effort: the stored choice already hides the card.
    call('POST /consent', { body }).catch(() => {})
  }

  return (
    <section
      aria-labelledby="cookie-consent-title"
      data-testid="cookie-consent"
      className="animate-pop-in fixed inset-x-3 bottom-3 z-40 rounded-2xl border border-border bg-surface p-5 shadow-pop sm:inset-x-auto sm:start-5 sm:bottom-5 sm:max-w-sm"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg">
          <Cookie className="size-[18px]" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 id="cookie-consent-title" className="text-sm font-semibold text-fg">
            {t('consent.title')}
          </h2>
          <p className="mt-1 text-[13px] leading-relaxed text-fg-muted">
            {t('consent.body')}{' '}
            <Link to="/privacy" className="font-medium text-accent underline-offset-2 hover:underline">
              {t('consent.learnMore')}
            </Link>
          </p>
        </div>
      </div>
      <div className="mt-4 flex gap-2">
        <Button size="sm" className="flex-1" onClick={() => choose('all')}>
          {t('consent.acceptAll')}
        </Button>
        <Button size="sm" variant="outline" className="flex-1" onClick={() => choose('necessary')}>
          {t('consent.necessaryOnly')}
        </Button>
      </div>
    </section>
  )
}
