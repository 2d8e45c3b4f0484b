import {
  KINDS,
  type Kind,
  LISTING_KINDS,
  type ListingBatchRequest,
  type ListingQuoteResponse,
  type ProjectSource,
  STAGING_STYLES,
  type StagingStyle,
  type Step,
} from '@parti/contract'
import { useQueryClient } from '@tanstack/react-query'
import { Calculator, Play } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/Button'
import { Spinner } from '../../components/ui/Spinner'
import { call, isApiError } from '../../lib/api'
import { useErrorText } from '../../lib/errors'
import { refreshSession } from '../auth/session'
import { generationKeys } from '../jobs/keys'
import { trackJobs } from '../jobs/tracker'

/**
 * The steps offered: each kind of LISTING_KINDS (docs/decisions/0117-whole-listing-batch.md), and for a kind of
 * several engine steps its first step alone too (staging's cleaning: "Clean"). A kind added to the contract
 * appears here by itself, named as the gallery names it.
 */
const CHOICES: { id: string; kind: Kind; steps?: Step[] }[] = LISTING_KINDS.flatMap((kind) => {
  const steps = KINDS[kind].steps.map((s) => s.step) as Step[]
  const whole = { id: kind, kind }
  return steps.length > 1 ? [{ id: `${kind}:${steps[0]}`, kind, steps: [steps[0]!] }, whole] : [whole]
})

interface PhotoChoice {
  on: boolean
  room: string
  video: boolean
}

const field = 'h-8 rounded-lg border border-border-strong bg-surface px-2 text-[13px] text-fg'

/**
 * A whole listing in one go (docs/decisions/0117-whole-listing-batch.md): pick photos, tag rooms, choose steps
 * and one style, see the itemised quote, then run it as one hold.
 */
export function ListingPanel({ projectId, sources }: { projectId: string; sources: ProjectSource[] }) {
  const { t } = useTranslation(['projects', 'gallery', 'staging', 'create'])
  const errorText = useErrorText()
  const qc = useQueryClient()
  const photos = sources.flatMap((s) =>
    s.inputUrl && s.versions[0] ? [{ id: s.versions[0].id, url: s.inputUrl }] : [],
  )
  const [choice, setChoice] = useState<Record<string, PhotoChoice>>({})
  const [steps, setSteps] = useState<string[]>(['staging'])
  const [style, setStyle] = useState<StagingStyle>('modern')
  const [quote, setQuote] = useState<ListingQuoteResponse | null>(null)
  const [pending, setPending] = useState<'quote' | 'run' | null>(null)
  if (photos.length === 0) return null

  const of = (id: string): PhotoChoice => choice[id] ?? { on: true, room: '', video: false }
  const change = (id: string, patch: Partial<PhotoChoice>) => {
    setChoice((c) => ({ ...c, [id]: { ...of(id), ...patch } }))
    setQuote(null)
  }
  const request = (): ListingBatchRequest => ({
    photos: photos
      .filter((p) => of(p.id).on)
      .map((p) => ({ generationId: p.id, room: of(p.id).room, video: of(p.id).video })),
    steps: CHOICES.filter((c) => steps.includes(c.id)).map((c) =>
      c.steps ? { kind: c.kind, steps: c.steps } : { kind: c.kind },
    ),
    stagingStyle: style,
  })
  const asked = request()
  const ready = asked.photos.length > 0 && asked.steps.length > 0

  const getQuote = async () => {
    setPending('quote')
    try {
      setQuote(await call('POST /user/projects/{id}/batch/quote', { params: { id: projectId }, body: asked }))
    } catch (e) {
      toast.error(errorText(e))
    } finally {
      setPending(null)
    }
  }
  const run = async () => {
    if (!quote) return
    setPending('run')
    try {
      const r = await call('POST /user/projects/{id}/batch', {
        params: { id: projectId },
        body: { ...asked, expectedTotal: quote.total },
      })
      trackJobs(r.generations)
      toast.success(t('projects:listing.started', { count: r.generations.length, credits: r.total }))
      setQuote(null)
      void refreshSession()
      void qc.invalidateQueries({ queryKey: ['projects'] })
      void qc.invalidateQueries({ queryKey: generationKeys.all })
    } catch (e) {
      if (isApiError(e) && e.code === 'conflict') setQuote(null)
      toast.error(errorText(e))
    } finally {
      setPending(null)
    }
  }
  const kindName = (c: (typeof CHOICES)[number]) =>
    c.steps
      ? t('projects:listing.clean')
      : c.kind === 'staging'
        ? t('projects:listing.stage')
        : t(`gallery:kinds.${c.kind}` as never)
  const photoNumber = (id: string) => photos.findIndex((p) => p.id === id) + 1
  const hasVideo = steps.some((s) => KINDS[CHOICES.find((c) => c.id === s)!.kind].type === 'video')

  return (
    <section
      className="mb-8 rounded-xl border border-border bg-surface p-4 shadow-card sm:p-6"
      data-testid="listing-panel"
    >
      <h2 className="text-lg font-semibold text-fg">{t('projects:listing.heading')}</h2>
      <p className="mt-1 max-w-prose text-sm text-fg-muted">{t('projects:listing.hint')}</p>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-fg">{t('projects:listing.steps')}</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {CHOICES.map((c) => (
            <label key={c.id} className="inline-flex items-center gap-2 text-sm text-fg">
              <input
                type="checkbox"
                className="size-4 accent-accent"
                checked={steps.includes(c.id)}
                data-testid={`listing-step-${c.id}`}
                onChange={(e) => {
                  setSteps((s) => (e.target.checked ? [...s, c.id] : s.filter((x) => x !== c.id)))
                  setQuote(null)
                }}
              />
              {kindName(c)}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="mt-4 flex flex-wrap items-center gap-2 text-sm text-fg">
        {t('projects:listing.style')}
        <select
          className={field}
          value={style}
          data-testid="listing-style"
          onChange={(e) => {
            setStyle(e.target.value as StagingStyle)
            setQuote(null)
          }}
        >
          {STAGING_STYLES.map((s) => (
            <option key={s} value={s}>
              {t(`staging:styles.${s}.name`)}
            </option>
          ))}
        </select>
      </label>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2" data-testid="listing-photos">
        {photos.map((p, i) => (
          <li key={p.id} className="flex items-center gap-3 rounded-lg border border-border p-2">
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-accent"
              checked={of(p.id).on}
              aria-label={t('projects:listing.photo', { n: i + 1 })}
              onChange={(e) => change(p.id, { on: e.target.checked })}
            />
            <img src={p.url} alt="" className="h-12 w-16 shrink-0 rounded object-cover" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="text-xs font-medium text-fg-muted">
                {t('projects:listing.photo', { n: i + 1 })}
              </span>
              <input
                // the typed name's own direction; empty, the page's, so the placeholder sits where it reads from
                dir={of(p.id).room ? 'auto' : undefined}
                className={`${field} w-full`}
                value={of(p.id).room}
                maxLength={60}
                placeholder={t('projects:listing.roomPlaceholder')}
                aria-label={t('projects:listing.room', { n: i + 1 })}
                data-testid="listing-room"
                onChange={(e) => change(p.id, { room: e.target.value })}
              />
            </div>
            {hasVideo && (
              <label className="inline-flex shrink-0 items-center gap-1 text-xs text-fg">
                <input
                  type="checkbox"
                  className="size-4 accent-accent"
                  checked={of(p.id).video}
                  onChange={(e) => change(p.id, { video: e.target.checked })}
                />
                {t('projects:listing.video')}
              </label>
            )}
          </li>
        ))}
      </ul>
      <Button
        className="mt-4"
        variant="outline"
        onClick={getQuote}
        disabled={!ready || pending !== null}
        data-testid="listing-quote"
      >
        {pending === 'quote' ? <Spinner /> : <Calculator aria-hidden />}
        {t('projects:listing.quote')}
      </Button>
      {quote && (
        <div className="mt-4" data-testid="listing-quote-table">
          <div className="overflow-x-auto">
            <table className="w-full sm:min-w-[28rem] text-start text-sm">
              <thead className="text-xs text-fg-subtle">
                <tr>
                  <th className="py-1 pe-3 text-start font-medium">{t('projects:listing.columns.photo')}</th>
                  <th className="py-1 pe-3 text-start font-medium">{t('projects:listing.columns.room')}</th>
                  <th className="py-1 text-start font-medium">{t('projects:listing.columns.step')}</th>
                  <th className="hidden py-1 text-start font-medium sm:table-cell">
                    {t('projects:listing.columns.engine')}
                  </th>
                  <th className="py-1 text-end font-medium">{t('projects:listing.columns.credits')}</th>
                </tr>
              </thead>
              <tbody>
                {quote.lines.map((l) => (
                  <tr key={`${l.generationId}-${l.kind}-${l.step}`} className="border-t border-border">
                    <td className="py-1.5 pe-3">{photoNumber(l.generationId)}</td>
                    <td className="py-1.5 pe-3" data-testid="listing-quote-room">
                      {/* the room as the agent tagged it (isolated: a Latin name in an Arabic table keeps its
                          place); an untagged photo is a room of its own, which the server names by an id */}
                      {of(l.generationId).room.trim() ? (
                        <bdi>{l.room}</bdi>
                      ) : (
                        <span className="text-fg-subtle">—</span>
                      )}
                    </td>
                    <td className="py-1.5">
                      {t(`gallery:kinds.${l.kind}` as never)}
                      {l.phase ? ` · ${t(`projects:listing.phases.${l.phase}` as never)}` : ''}
                      {l.notes.map((n, i) => (
                        <span key={n} className="block text-xs text-fg-subtle">
                          {/* the reason in the reader's language; the server's English where it names none */}
                          {l.reasons[i] ? t(`create:support.reasons.${l.reasons[i]}` as never) : n}
                        </span>
                      ))}
                    </td>
                    <td className="hidden py-1.5 text-fg-muted sm:table-cell">{l.engine}</td>
                    <td className="py-1.5 text-end tabular-nums">{l.credits}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-border-strong font-semibold">
                  <td className="py-2 sm:hidden" colSpan={3}>
                    {t('projects:listing.total')}
                  </td>
                  <td className="hidden py-2 sm:table-cell" colSpan={4}>
                    {t('projects:listing.total')}
                  </td>
                  <td className="py-2 text-end tabular-nums" data-testid="listing-total">
                    {quote.total}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          {quote.refused.length > 0 && (
            <ul className="mt-2 list-disc ps-5 text-sm text-fg-muted" data-testid="listing-refused">
              {quote.refused.map((r) => (
                <li key={`${r.generationId}-${r.kind}`}>
                  {t('projects:listing.refused', {
                    n: photoNumber(r.generationId),
                    kind: t(`gallery:kinds.${r.kind}` as never),
                    reason: r.message,
                  })}
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-xs text-fg-subtle">
            {t('projects:listing.rooms', { count: quote.rooms.length })} {t('projects:listing.referenceNone')}
          </p>
          <p className="mt-2 text-sm text-fg-muted">
            {t('projects:listing.balance', { credits: quote.balance })}
          </p>
          <Button
            className="mt-3"
            onClick={run}
            disabled={pending !== null || quote.lines.length === 0}
            data-testid="listing-run"
          >
            {pending === 'run' ? <Spinner /> : <Play aria-hidden />}
            {t('projects:listing.run', { credits: quote.total })}
          </Button>
        </div>
      )}
    </section>
  )
}
