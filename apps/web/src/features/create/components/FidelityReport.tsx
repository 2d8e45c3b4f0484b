import type { Generation } from '@parti/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'

/** Under ~2 a difference is hard to see; over ~5 it reads as another shade (CIEDE2000). */
const CLOSE = 2
const NEAR = 5

/**
 * How faithful the result is to its input (docs/product.md#fidelity): "Lines kept 94 %", a toggle that lays the
 * line check over the result (green: the input's lines kept; red: lines lost or added), and, when colours were
 * asked, each requested colour beside the colour it became with its ΔE.
 */
export function FidelityReport({ generation: g, className }: { generation: Generation; className?: string }) {
  const { t, i18n } = useTranslation('create')
  const [overlay, setOverlay] = useState(false)
  const f = g.metadata.fidelity
  if (!f) return null
  const lang = i18n.resolvedLanguage ?? 'en'
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 })
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 })
  const missed = f.threshold !== undefined && f.score < f.threshold
  const chip = t(f.method === 'structure' ? 'fidelity.structureKept' : 'fidelity.linesKept', {
    value: percent.format(f.score),
  })
  return (
    <div className={cn('flex flex-col gap-2', className)} data-testid="fidelity">
      <div className="flex flex-wrap items-center gap-2">
        <span
          data-testid="fidelity-chip"
          className={cn(
            'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
            missed
              ? 'border-danger/40 bg-danger/10 text-danger'
              : 'border-success/40 bg-success/10 text-success',
          )}
        >
          {chip}
        </span>
        {f.overlayUrl && g.outputImageUrl && (
          <button
            type="button"
            aria-pressed={overlay}
            onClick={() => setOverlay((o) => !o)}
            className="text-xs font-medium text-accent hover:underline"
            data-testid="fidelity-overlay-toggle"
          >
            {overlay ? t('fidelity.hideOverlay') : t('fidelity.showOverlay')}
          </button>
        )}
      </div>
      {f.rerun && <p className="text-xs text-fg-muted">{t('fidelity.rerun')}</p>}
      {missed && (
        <p className="text-xs text-fg-muted">
          {t('fidelity.missed', { value: percent.format(f.threshold ?? 0) })}
        </p>
      )}
      {f.method === 'lines-fallback' && <p className="text-xs text-fg-subtle">{t('fidelity.fallback')}</p>}
      {overlay && f.overlayUrl && g.outputImageUrl && (
        <figure className="flex flex-col gap-1.5">
          <div
            className="relative w-full max-w-md overflow-hidden rounded-xl border border-border bg-surface-2"
            style={{
              aspectRatio:
                g.metadata.width && g.metadata.height
                  ? `${g.metadata.width} / ${g.metadata.height}`
                  : '4 / 3',
            }}
          >
            <img
              src={g.outputImageUrl}
              alt=""
              className="absolute inset-0 size-full object-contain opacity-45 grayscale"
            />
            <img
              src={f.overlayUrl}
              alt={t('fidelity.overlayAlt')}
              className="absolute inset-0 size-full object-contain"
              data-testid="fidelity-overlay"
            />
          </div>
          <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2.5 rounded-full bg-[#16c850]" aria-hidden />
              {t('fidelity.legendKept')}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2.5 rounded-full bg-[#eb2828]" aria-hidden />
              {t('fidelity.legendOff')}
            </span>
          </figcaption>
        </figure>
      )}
      {!!f.colours?.length && (
        <ul className="flex flex-col gap-1" aria-label={t('fidelity.colours')} data-testid="fidelity-colours">
          {f.colours.map((c) => (
            <li
              key={c.requested}
              className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-fg-muted"
            >
              <span className="flex" aria-hidden>
                <span
                  className="size-4 rounded-s border border-black/10"
                  style={{ background: c.requested }}
                />
                <span
                  className="size-4 rounded-e border border-black/10"
                  style={{ background: c.rendered }}
                />
              </span>
              <bdi dir="ltr" className="font-mono text-[11px]">
                {c.requested} → {c.rendered}
              </bdi>
              <span className="whitespace-nowrap font-medium text-fg">
                {t('fidelity.deltaE', { value: number.format(c.deltaE) })}
              </span>
              <span>
                {t(
                  c.deltaE <= CLOSE
                    ? 'fidelity.colourClose'
                    : c.deltaE <= NEAR
                      ? 'fidelity.colourNear'
                      : 'fidelity.colourOff',
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
