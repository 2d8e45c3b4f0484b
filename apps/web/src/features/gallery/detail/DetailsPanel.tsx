import type { Generation, UpscaleFactor } from '@parti/contract'
import { useQuery } from '@tanstack/react-query'
import { Copy } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { cn } from '../../../components/ui/cn'
import { call } from '../../../lib/api'
import { ChangedArea } from '../../create/components/ChangedArea'
import { FidelityReport } from '../../create/components/FidelityReport'
import { ResultNotes } from '../../create/components/ResultNotes'
import { noteLines } from '../../create/notes'
import { ProjectControl } from '../../projects/ProjectControl'
import { PrintReadout } from './PrintReadout'

interface DetailsPanelProps {
  generation: Generation
  onOpenSource: (id: string) => void
  /** a finished picture's size: its print readout (docs/decisions/0116-print-targets.md) */
  size?: { width: number; height: number } | null
  onUpscale?: (factor: UpscaleFactor) => void
}

/** Catalogue names never change under a result; read once per id and keep. */
function useStyleName(id: string | null) {
  return useQuery({
    queryKey: ['catalog', 'style', id],
    queryFn: () => call('GET /styles/{id}', { params: { id: id ?? '' } }),
    select: (r) => r.data.name,
    enabled: !!id,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  }).data
}

function usePalette(id: string | null) {
  return useQuery({
    queryKey: ['catalog', 'palette', id],
    queryFn: () => call('GET /color-palettes/{id}', { params: { id: id ?? '' } }),
    select: (r) => r.colorPalette,
    enabled: !!id,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  }).data
}

/**
 * The details panel (docs/product.md#details-panel): type, user prompt, enhanced prompt, video prompt,
 * created, duration, processing time, input images, source image, style and style id, colour palette and
 * palette id; plus engine and model (the UI names the engine on every result,
 * docs/decisions/0029-engines-local-and-hosted.md) and the facts a professional files with a picture.
 */
export function DetailsPanel({ generation: g, onOpenSource, size, onUpscale }: DetailsPanelProps) {
  const { t, i18n } = useTranslation('gallery')
  const { t: tApp } = useTranslation('app')
  const lang = i18n.resolvedLanguage ?? 'en'
  const styleName = useStyleName(g.styleId)
  const palette = usePalette(g.colorPaletteId)
  const number = (n: number, digits = 0) =>
    new Intl.NumberFormat(lang, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(n)
  const date = (iso: string) =>
    new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))

  const copy = (text: string) =>
    navigator.clipboard?.writeText(text).then(
      () => toast.success(tApp('toasts.copySuccess'), { duration: 1500 }),
      () => {},
    )

  const source = g.sourceImageUrl ?? g.inputImageUrl
  return (
    <dl
      className="grid grid-cols-[minmax(6.5rem,auto)_1fr] gap-x-4 gap-y-3 text-sm"
      data-testid="details-panel"
    >
      <Row label={t('details.type')} id="type">
        {t(`media.${g.type}`)} · {t(`kinds.${g.mode}`)}
      </Row>
      {g.userPrompt && (
        <Row label={t('details.userPrompt')} id="prompt">
          <Prompt text={g.userPrompt} onCopy={copy} />
        </Row>
      )}
      {g.enhancedPrompt && g.enhancedPrompt !== g.userPrompt && g.enhancedPrompt !== g.videoPrompt && (
        <Row label={t('details.enhancedPrompt')} id="enhanced">
          <Prompt text={g.enhancedPrompt} onCopy={copy} />
        </Row>
      )}
      {g.videoPrompt && (
        <Row label={t('details.videoPrompt')} id="video-prompt">
          <Prompt text={g.videoPrompt} onCopy={copy} />
        </Row>
      )}
      {noteLines(g).length > 0 && (
        <Row label={t('details.notes')} id="notes">
          <ResultNotes generation={g} />
        </Row>
      )}
      <Row label={t('details.created')} id="created">
        {date(g.createdAt)}
      </Row>
      <Row label={t('details.project')} id="project">
        <ProjectControl generation={g} />
      </Row>
      {g.type === 'video' && (
        <Row label={t('details.duration')} id="duration">
          {t('details.seconds', { value: number(g.metadata.duration ?? 6) })}
        </Row>
      )}
      {g.metadata.cameraMovement && (
        <Row label={t('details.cameraMovement')}>{t(`camera.${g.metadata.cameraMovement}`)}</Row>
      )}
      {g.metadata.angle && <Row label={t('details.angle')}>{t(`angles.${g.metadata.angle}`)}</Row>}
      {g.processingTime != null && (
        <Row label={t('details.processingTime')} id="processing">
          {t('details.seconds', { value: number(g.processingTime / 1000, 1) })}
        </Row>
      )}
      {!!g.metadata.width && !!g.metadata.height && (
        <Row label={t('details.size')}>
          <span dir="ltr">{`${g.metadata.width} × ${g.metadata.height}`}</span>
        </Row>
      )}
      {size && (
        <Row label={t('print.label')} id="print">
          <PrintReadout width={size.width} height={size.height} {...(onUpscale ? { onUpscale } : {})} />
        </Row>
      )}
      {g.metadata.changedArea !== undefined && (
        <Row label={t('details.changes')} id="changed-area">
          <ChangedArea share={g.metadata.changedArea} />
        </Row>
      )}
      {g.inputImageUrls.length > 0 && !g.sourceGenerationId && (
        <Row label={t('details.inputImages')} id="inputs">
          <span className="flex flex-wrap gap-2">
            {g.inputImageUrls.map((url, i) => (
              <a key={url} href={url} target="_blank" rel="noreferrer" className="block">
                <img
                  src={url}
                  alt={t('details.inputImageAlt', { n: i + 1 })}
                  loading="lazy"
                  className="size-16 rounded-lg border border-border object-cover"
                />
              </a>
            ))}
          </span>
        </Row>
      )}
      {g.sourceGenerationId && (
        <Row label={t('details.sourceImage')} id="source">
          <button
            type="button"
            onClick={() => onOpenSource(g.sourceGenerationId!)}
            data-testid="open-source"
            className="group flex items-center gap-3 rounded-lg text-start"
          >
            {source && (
              <img
                src={source}
                alt=""
                loading="lazy"
                className="size-16 rounded-lg border border-border object-cover"
              />
            )}
            <span className="text-sm font-medium text-accent group-hover:underline">
              {t('details.openSource')}
            </span>
          </button>
        </Row>
      )}
      {g.styleId && (
        <Row label={t('details.style')} id="style">
          {styleName ?? t('details.unknownStyle')}
          <Id value={g.styleId} />
        </Row>
      )}
      {g.colorPaletteId && (
        <Row label={t('details.palette')} id="palette">
          {palette?.name ?? t('details.unknownPalette')}
          <Id value={g.colorPaletteId} />
          {palette && (
            <span className="mt-1.5 flex gap-1" aria-hidden>
              {palette.colors.map((c) => (
                <span
                  key={c}
                  className="size-5 rounded-md border border-black/10"
                  style={{ background: c }}
                />
              ))}
            </span>
          )}
        </Row>
      )}
      {g.engine && (
        <Row label={t('details.engine')} id="engine">
          {g.engine === 'local' ? t('details.localEngine') : g.engine}
          {g.model && <span className="block text-xs text-fg-subtle">{g.model}</span>}
        </Row>
      )}
      {g.metadata.fidelity && (
        <Row label={t('details.fidelity')} id="fidelity">
          <FidelityReport generation={g} />
        </Row>
      )}
      <Row label={t('details.credits')} id="credits">
        {number(g.creditsCost)}
        {/* held, then charged for what was delivered (docs/product.md#credit-holds) */}
        <span className="block text-xs text-fg-subtle" data-charge={g.charge}>
          {t(`details.charge.${g.charge}`, {
            charged: number(g.creditsCharged),
            released: number(g.creditsCost - g.creditsCharged),
          })}
        </span>
      </Row>
    </dl>
  )
}

function Row({ label, id, children }: { label: string; id?: string; children: ReactNode }) {
  return (
    <div className="contents" data-testid={id ? `detail-${id}` : undefined}>
      <dt className="pt-px text-fg-subtle">{label}</dt>
      <dd className="min-w-0 break-words text-fg">{children}</dd>
    </div>
  )
}

/** A prompt with a copy button; a long one (an enhanced prompt runs to a paragraph) folds to four lines. */
function Prompt({ text, onCopy }: { text: string; onCopy: (text: string) => void }) {
  const { t } = useTranslation('gallery')
  const long = text.length > 160
  const [open, setOpen] = useState(false)
  return (
    <span className="group/prompt flex items-start gap-1.5">
      <span className="min-w-0 flex-1">
        <span className={cn('whitespace-pre-wrap', long && !open ? 'line-clamp-4' : 'block')}>{text}</span>
        {long && (
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            className="mt-1 text-xs font-medium text-accent hover:underline"
          >
            {open ? t('details.less') : t('details.more')}
          </button>
        )}
      </span>
      <button
        type="button"
        aria-label={t('details.copy')}
        onClick={() => onCopy(text)}
        className="-mt-0.5 grid size-6 shrink-0 place-items-center rounded-md text-fg-subtle hover:bg-surface-2 hover:text-fg"
      >
        <Copy className="size-3.5" aria-hidden />
      </button>
    </span>
  )
}

function Id({ value }: { value: string }) {
  // an id reads left to right, but sits where the cell starts (on the right in Arabic)
  return (
    <span className="mt-0.5 block font-mono text-[11px] text-fg-subtle">
      <bdi dir="ltr">{value}</bdi>
    </span>
  )
}
