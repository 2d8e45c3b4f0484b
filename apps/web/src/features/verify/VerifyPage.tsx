import type { ProvenanceManifest, VerifyResponse } from '@parti/contract'
import { VERIFY_LIMIT_BYTES } from '@parti/contract'
import { FileSearch, ShieldAlert, ShieldCheck, ShieldQuestion, TriangleAlert, Upload } from 'lucide-react'
import { type DragEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../components/ui/Badge'
import { Button } from '../../components/ui/Button'
import { cn } from '../../components/ui/cn'
import { Spinner } from '../../components/ui/Spinner'
import { isApiError } from '../../lib/api'
import { useErrorText } from '../../lib/errors'
import { QueryProvider } from '../../lib/queryClient'
import { PublicPageHeader } from '../legal/PublicPageHeader'
import { useVerifyFile, VERIFY_ACCEPT, VERIFY_LIMIT_MB } from './api'

/**
 * The public check of a file's Content Credentials (docs/decisions/0113-c2pa-signing-at-download.md): drop a
 * picture or a video and read whether its C2PA manifest holds and what history it tells. No sign-in.
 */
function VerifyPageInner() {
  const { t } = useTranslation('pages')
  const errorText = useErrorText()
  const inputId = useId()
  const fileRef = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const [name, setName] = useState<string | null>(null)
  const [localProblem, setLocalProblem] = useState<string | null>(null)
  const verify = useVerifyFile()

  const take = (file: File | undefined) => {
    if (!file) return
    setName(file.name)
    verify.reset()
    if (file.size > VERIFY_LIMIT_BYTES) {
      setLocalProblem(t('verify.tooLarge', { mb: VERIFY_LIMIT_MB }))
      return
    }
    setLocalProblem(null)
    verify.mutate(file)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    take(event.dataTransfer.files[0])
  }
  const onDragOver = (event: DragEvent) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return
    event.preventDefault()
    setOver(true)
  }

  const serverProblem = (() => {
    const error = verify.error
    if (!error) return null
    if (isApiError(error)) {
      if (error.code === 'payload_too_large') return t('verify.tooLarge', { mb: VERIFY_LIMIT_MB })
      if (error.code === 'unsupported_media_type') return t('verify.unsupported')
      if (error.code === 'unprocessable') return t('verify.damaged')
    }
    return errorText(error)
  })()
  const problem = localProblem ?? serverProblem

  return (
    <div className="mx-auto max-w-4xl px-5 py-14 sm:px-8 sm:py-20">
      <PublicPageHeader eyebrow={t('verify.eyebrow')} title={t('verify.title')} lead={t('verify.lead')} />
      <input
        ref={fileRef}
        id={inputId}
        type="file"
        accept={VERIFY_ACCEPT}
        className="sr-only"
        onChange={(event) => {
          take(event.target.files?.[0])
          event.target.value = ''
        }}
      />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target; its button and the labelled input are the keyboard way in */}
      <div
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="verify-drop"
        className={cn(
          'mt-10 flex flex-col items-center gap-4 rounded-2xl border border-dashed px-6 py-10 text-center transition-colors',
          over ? 'border-accent bg-accent-soft/60' : 'border-border-strong bg-surface-2/50',
        )}
      >
        <span className="grid size-12 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg">
          <FileSearch className="size-6" aria-hidden />
        </span>
        <div>
          <p className="font-medium text-fg">{t('verify.drop')}</p>
          <p className="mt-1 text-sm text-fg-muted">{t('verify.formats', { mb: VERIFY_LIMIT_MB })}</p>
        </div>
        <Button variant="outline" onClick={() => fileRef.current?.click()} disabled={verify.isPending}>
          <Upload aria-hidden />
          {t('verify.choose')}
        </Button>
        <label htmlFor={inputId} className="sr-only">
          {t('verify.choose')}
        </label>
        <p className="max-w-xl text-xs text-fg-subtle">{t('verify.privacy')}</p>
      </div>

      <div aria-live="polite" className="mt-8">
        {verify.isPending && (
          <p className="flex items-center gap-2 text-sm text-fg-muted">
            <Spinner className="size-4" />
            {t('verify.reading', { name })}
          </p>
        )}
        {problem && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-fg"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
            {problem}
          </p>
        )}
        {verify.data && <Report report={verify.data} name={name} />}
      </div>
    </div>
  )
}

/** Public pages load without the app's query cache: the page brings its own, as the contact form does. */
export default function VerifyPage() {
  return (
    <QueryProvider>
      <VerifyPageInner />
    </QueryProvider>
  )
}

function Report({ report, name }: { report: VerifyResponse; name: string | null }) {
  const { t } = useTranslation('pages')
  const state = report.state
  const Icon = state === 'valid' ? ShieldCheck : state === 'tampered' ? ShieldAlert : ShieldQuestion
  const testCertificate = report.manifests.some((m) => m.testCertificate)
  return (
    <section className="flex flex-col gap-6" data-testid="verify-report" data-state={state}>
      <div
        className={cn(
          'flex items-start gap-4 rounded-2xl border px-5 py-4',
          state === 'valid' && 'border-success/40 bg-success/10',
          state === 'tampered' && 'border-danger/40 bg-danger-soft',
          state === 'none' && 'border-border bg-surface-2',
        )}
      >
        <Icon
          className={cn(
            'mt-0.5 size-6 shrink-0',
            state === 'valid' && 'text-success',
            state === 'tampered' && 'text-danger',
            state === 'none' && 'text-fg-muted',
          )}
          aria-hidden
        />
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-fg">{t(`verify.state.${state}.title`)}</h2>
          <p className="mt-1 text-sm leading-relaxed text-fg-muted">{t(`verify.state.${state}.body`)}</p>
          {name && (
            <p className="mt-2 truncate text-xs text-fg-muted">
              <bdi>{name}</bdi>
            </p>
          )}
        </div>
      </div>

      {testCertificate && (
        <p className="rounded-xl border border-border bg-surface px-4 py-3 text-sm text-fg-muted">
          <strong className="font-semibold text-fg">{t('verify.testCertificateTitle')}</strong>{' '}
          {t('verify.testCertificate')}
        </p>
      )}
      {state === 'valid' && !report.trusted && !testCertificate && (
        <p className="rounded-xl border border-border bg-surface px-4 py-3 text-sm text-fg-muted">
          {t('verify.untrusted')}
        </p>
      )}

      {report.problems.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-fg">{t('verify.problems')}</h3>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-fg-muted">
            {report.problems.map((p) => (
              <li key={`${p.code}${p.explanation}`} className="flex flex-wrap gap-x-2">
                <code className="font-mono text-xs text-danger">{p.code}</code>
                {p.explanation && (
                  <span>
                    <bdi>{p.explanation}</bdi>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      {report.manifests.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-fg">{t('verify.history')}</h3>
          <ol className="mt-3 flex flex-col gap-4">
            {report.manifests.map((m, i) => (
              <Manifest key={m.label} manifest={m} latest={i === 0} />
            ))}
          </ol>
        </div>
      )}
    </section>
  )
}

const ACTIONS = ['c2pa.created', 'c2pa.edited', 'c2pa.opened', 'c2pa.placed', 'c2pa.converted'] as const
const RELATIONSHIPS = ['parentOf', 'componentOf', 'inputTo'] as const

function Manifest({ manifest: m, latest }: { manifest: ProvenanceManifest; latest: boolean }) {
  const { t } = useTranslation('pages')
  const action = (a: string) =>
    (ACTIONS as readonly string[]).includes(a) ? t(`verify.actions.${a.slice(5) as 'created'}`) : a
  const relationship = (r: string) =>
    (RELATIONSHIPS as readonly string[]).includes(r) ? t(`verify.relationships.${r as 'parentOf'}`) : r
  return (
    <li className="rounded-2xl border border-border bg-surface p-5 shadow-card">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-semibold text-fg" dir="auto">
          {m.title ?? t('verify.untitled')}
        </h4>
        {latest && <Badge tone="accent">{t('verify.latest')}</Badge>}
        {m.aiGenerated && <Badge>{t('verify.ai')}</Badge>}
        {m.virtuallyStaged && <Badge>{t('verify.staged')}</Badge>}
        {m.testCertificate && <Badge>{t('verify.testBadge')}</Badge>}
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {m.generator && <Fact term={t('verify.generator')} value={m.generator} />}
        {m.signedBy && (
          <Fact term={t('verify.signedBy')} value={m.issuer ? `${m.signedBy} · ${m.issuer}` : m.signedBy} />
        )}
        {m.signedAt && <Fact term={t('verify.signedAt')} value={new Date(m.signedAt).toLocaleString()} />}
        {(m.engine || m.model) && (
          <Fact term={t('verify.engine')} value={[m.engine, m.model].filter(Boolean).join(' · ')} />
        )}
      </dl>
      {m.actions.length > 0 && (
        <ul className="mt-4 flex flex-col gap-1.5 border-t border-border pt-3 text-sm">
          {m.actions.map((a) => (
            <li
              key={`${a.action}|${a.when}|${a.description}`}
              className="flex flex-wrap items-baseline gap-x-2"
            >
              <span className="font-medium text-fg">{action(a.action)}</span>
              {a.softwareAgent && (
                <span className="text-fg-muted">
                  <bdi>{a.softwareAgent}</bdi>
                </span>
              )}
              {a.description && (
                <span className="basis-full text-fg-muted">
                  <bdi>{a.description}</bdi>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {m.ingredients.length > 0 && (
        <div className="mt-4 border-t border-border pt-3">
          <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
            {t('verify.ingredients')}
          </p>
          <ul className="mt-1.5 flex flex-col gap-1 text-sm">
            {m.ingredients.map((g) => (
              <li key={`${g.title}|${g.relationship}`} className="flex flex-wrap gap-x-2 text-fg-muted">
                <span className="text-fg" dir="auto">
                  {g.title || t('verify.untitled')}
                </span>
                <span>· {relationship(g.relationship)}</span>
                {g.hasManifest && <span>· {t('verify.ingredientHistory')}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  )
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className="text-fg-subtle">{term}</dt>
      <dd className="min-w-0 break-words text-fg">
        <bdi>{value}</bdi>
      </dd>
    </>
  )
}
