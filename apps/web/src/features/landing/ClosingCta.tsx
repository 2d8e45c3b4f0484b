import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button, buttonClass } from '../../components/ui/Button'
import { useAuthDialog } from '../auth/AuthDialogContext'
import { useAuthPolicy } from '../auth/authPolicy'

export function ClosingCta() {
  const { t } = useTranslation()
  const { openAuth } = useAuthDialog()
  const policy = useAuthPolicy()
  return (
    <section className="px-5 pb-20 sm:px-8">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-[#15213f] px-6 py-14 text-center text-white sm:px-12 dark:bg-surface-2 dark:ring-1 dark:ring-border">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,rgba(255,255,255,0.06)_1px,transparent_1px),linear-gradient(to_bottom,rgba(255,255,255,0.06)_1px,transparent_1px)] bg-[size:32px_32px]"
        />
        <div className="relative">
          <h2 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            {t('landing.ctaTitle')}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-[17px] leading-relaxed text-white/75">
            {policy.demo
              ? t('landing.ctaBodyDemo')
              : policy.signUp
                ? t('landing.ctaBody')
                : t('landing.ctaBodyClosed')}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            {policy.demo ? (
              <Link to="/tour" className={buttonClass('inverse', 'lg')}>
                {t('landing.demoTour')}
              </Link>
            ) : (
              <Button
                variant="inverse"
                size="lg"
                onClick={() => openAuth(policy.signUp ? 'sign-up' : 'sign-in')}
              >
                {policy.signUp ? t('landing.tryFree') : t('auth.signIn')}
              </Button>
            )}
            <Link
              to="/contact"
              className={buttonClass(
                'ghost',
                'lg',
                'text-white ring-1 ring-white/30 hover:bg-white/10 hover:text-white',
              )}
            >
              {t('landing.bookDemo')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  )
}
