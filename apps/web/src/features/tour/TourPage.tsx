import { ArrowRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/Button'
import { CompareSlider } from '../../components/ui/CompareSlider'
import { useAuthDialog } from '../auth/AuthDialogContext'
import { useAuthPolicy } from '../auth/authPolicy'
import { ResultNotes } from '../create/components/ResultNotes'
import { PublicPageHeader } from '../legal/PublicPageHeader'
import { TOUR_MADE_ON, type TourSample, tourSamples } from './samples'

/** The user's own words, isolated so English reads right inside an Arabic sentence. */
const isolate = (words: string) => `\u2068${words}\u2069`

/**
 * /tour (docs/product.md#tour): the product's own results, each with what was asked, what it costs, how long
 * it took and how faithful it is. What a demo's "Take the tour" opens.
 */
export default function TourPage() {
  const { t, i18n } = useTranslation(['pages', 'staging', 'video'])
  const { openAuth } = useAuthDialog()
  const policy = useAuthPolicy()
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'long' }).format(
    new Date(`${TOUR_MADE_ON}T12:00:00Z`),
  )
  return (
    <div className="mx-auto max-w-6xl px-5 py-14 sm:px-8 sm:py-20">
      <PublicPageHeader eyebrow={t('tour.eyebrow')} title={t('tour.title')} lead={t('tour.lead')} />
      <ol className="mt-12 grid gap-8 lg:grid-cols-2" data-testid="tour-samples">
        {tourSamples().map((s) => (
          <Sample key={s.id} sample={s} />
        ))}
      </ol>
      <div className="mt-12 flex flex-col gap-5 rounded-2xl border border-border bg-surface p-6 shadow-card sm:p-8">
        <p className="max-w-3xl text-[15px] leading-relaxed text-fg-muted">{t('tour.hosted')}</p>
        <p className="text-[13px] text-fg-subtle">{t('tour.madeOn', { date })}</p>
        {policy.demo ? (
          <p className="text-sm font-medium text-fg" data-testid="tour-demo">
            {t('tour.demoCta')}
          </p>
        ) : (
          <Button
            size="lg"
            className="self-start"
            onClick={() => openAuth(policy.signUp ? 'sign-up' : 'sign-in')}
            data-testid="tour-cta"
          >
            {policy.signUp ? t('tour.cta') : t('tour.signIn')}
            <ArrowRight className="rtl-flip" aria-hidden />
          </Button>
        )}
      </div>
    </div>
  )
}

function Sample({ sample: s }: { sample: TourSample }) {
  const { t, i18n } = useTranslation(['pages', 'staging', 'video'])
  const count = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', { maximumFractionDigits: 1 })
  const title = t(`tour.samples.${s.id}`)
  const img = (src: string, alt: string) => (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      className="absolute inset-0 size-full object-cover"
      draggable={false}
    />
  )
  const facts = [
    t('tour.credits', { credits: count.format(s.credits) }),
    t('tour.seconds', { seconds: count.format(s.seconds) }),
    ...(s.fidelity !== null ? [t('tour.linesKept', { score: Math.round(s.fidelity * 100) })] : []),
    ...(s.changedArea !== null ? [t('tour.changed', { share: count.format(s.changedArea * 100) })] : []),
  ]
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-card"
      data-testid={`tour-${s.id}`}
    >
      <div className="relative aspect-[4/3] bg-surface-2">
        {s.video ? (
          <video
            className="absolute inset-0 size-full object-cover"
            src={s.video}
            poster={s.before}
            muted
            loop
            playsInline
            controls
            preload="none"
            aria-label={title}
          />
        ) : (
          <CompareSlider
            before={img(s.before, `${title}: ${t('tour.before')}`)}
            after={img(s.after, `${title}: ${t('tour.after')}`)}
            beforeLabel={t('tour.before')}
            afterLabel={t('tour.after')}
            sliderLabel={`${title}: ${t('tour.before')} / ${t('tour.after')}`}
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="text-lg font-semibold text-fg">{title}</h2>
        <dl className="grid gap-1.5 text-[13px]">
          {s.asked.prompt && (
            <Row label={t('tour.asked')}>
              <span dir="auto">“{isolate(s.asked.prompt)}”</span>
            </Row>
          )}
          {s.asked.stagingStyle && (
            <Row label={t('tour.style')}>{t(`staging:styles.${s.asked.stagingStyle}.name` as never)}</Row>
          )}
          {s.asked.options?.length ? (
            <Row label={t('tour.options')}>
              {s.asked.options.map((o) => t(`staging:options.${o}.name` as never)).join(', ')}
            </Row>
          ) : null}
          {s.asked.camera && (
            <Row label={t('tour.camera')}>{t(`video:moves.${s.asked.camera}.name` as never)}</Row>
          )}
        </dl>
        <p
          className="flex flex-wrap gap-x-3 gap-y-1 text-[13px] font-medium text-fg-muted"
          data-testid="tour-facts"
        >
          {facts.map((f) => (
            <span key={f}>{f}</span>
          ))}
        </p>
        <ResultNotes
          generation={{ status: 'completed', metadata: { notes: s.notes.map((id) => ({ id })) } as never }}
        />
      </div>
    </li>
  )
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="shrink-0 text-fg-subtle">{label}</dt>
      <dd className="text-fg">{children}</dd>
    </div>
  )
}
