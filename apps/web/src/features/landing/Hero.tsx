import { DEFAULT_FREE_CREDITS } from '@parti/contract'
import { ArrowRight, Star } from 'lucide-react'
import { useLayoutEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { removePrerendered } from '../../app/prerendered'
import { Button, buttonClass } from '../../components/ui/Button'
import { useAuthDialog } from '../auth/AuthDialogContext'
import { useAuthPolicy } from '../auth/authPolicy'
import { landingContent, showTestimonials } from './content'
import { HeroVisual } from './HeroVisual'

function useRatingText() {
  const { t, i18n } = useTranslation()
  const format = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', { maximumFractionDigits: 1 })
  return t('landing.rating', {
    value: format.format(landingContent.rating.value),
    outOf: format.format(landingContent.rating.outOf),
  })
}

export function Hero() {
  const { t } = useTranslation()
  const { openAuth } = useAuthDialog()
  const policy = useAuthPolicy()
  const rating = useRatingText()
  // in the same commit as this hero appears, before the browser paints: never two landing pages at once
  useLayoutEffect(removePrerendered, [])
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] bg-[size:48px_48px] opacity-50 [mask-image:radial-gradient(ellipse_70%_60%_at_50%_0%,black,transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-5 pt-14 pb-16 sm:px-8 sm:pt-20 lg:grid-cols-[1.05fr_1fr] lg:gap-14 lg:pt-24 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-xs font-medium text-fg-muted shadow-card sm:text-[13px]">
            <span className="size-1.5 rounded-full bg-accent" aria-hidden />
            {t('landing.eyebrow')}
          </p>
          <h1 className="mt-6 font-display text-[2.5rem] leading-[1.05] font-semibold tracking-[-0.03em] text-balance text-fg sm:text-5xl lg:text-[3.5rem]">
            {t('landing.title')}
          </h1>
          <p className="mt-5 max-w-xl text-[17px] leading-relaxed text-pretty text-fg-muted sm:text-lg">
            {t('landing.subtitle')}
          </p>
          {policy.demo && (
            <p
              role="note"
              className="mt-6 max-w-xl rounded-xl border border-accent/40 bg-accent-soft/40 px-4 py-3 text-sm text-fg"
              data-testid="demo-notice"
            >
              {t('landing.demoNotice')}
            </p>
          )}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {/* docs/product.md#demo-mode: a demo tours the product; closed sign-up offers sign-in */}
            {policy.demo ? (
              <Link to="/tour" className={buttonClass('primary', 'lg')} data-testid="hero-try-free">
                {t('landing.demoTour')}
                <ArrowRight className="rtl-flip" aria-hidden />
              </Link>
            ) : (
              <Button
                size="lg"
                onClick={() => openAuth(policy.signUp ? 'sign-up' : 'sign-in')}
                data-testid="hero-try-free"
              >
                {policy.signUp ? t('landing.tryFree') : t('auth.signIn')}
                <ArrowRight className="rtl-flip" aria-hidden />
              </Button>
            )}
            <Link to="/contact" className={buttonClass('outline', 'lg')}>
              {t('landing.bookDemo')}
            </Link>
          </div>
          <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-2 text-[13px] text-fg-muted">
            {showTestimonials() && (
              <span className="inline-flex items-center gap-1.5">
                <span className="flex text-amber-500" aria-hidden>
                  {[0, 1, 2, 3, 4].map((i) => (
                    <Star key={i} className="size-3.5 fill-current" />
                  ))}
                </span>
                <span className="font-medium text-fg">{rating}</span>
              </span>
            )}
            {policy.signUp && !policy.demo && (
              <span>{t('landing.freeCredits', { credits: DEFAULT_FREE_CREDITS })}</span>
            )}
          </div>
        </div>
        <HeroVisual
          sketchLabel={t('landing.visualSketch')}
          renderLabel={t('landing.visualRender')}
          clipCaption={t('landing.heroClip')}
        />
      </div>
    </section>
  )
}
