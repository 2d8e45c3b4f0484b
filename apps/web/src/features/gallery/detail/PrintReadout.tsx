import {
  CUSTOM_PRINT_LIMITS,
  customTarget,
  PRINT_TARGET_IDS,
  PRINT_TARGETS,
  type PrintTargetId,
  printFit,
  type UpscaleFactor,
} from '@parti/contract'
import { CircleCheck, TriangleAlert } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import { cn } from '../../../components/ui/cn'

interface PrintReadoutProps {
  width: number
  height: number
  /** offered when the picture falls short and an upscale is allowed */
  onUpscale?: (factor: UpscaleFactor) => void
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Number.isFinite(v) ? v : lo))

/**
 * What a picture's pixels are worth on a print target (docs/decisions/0116-print-targets.md): the pixels the
 * target needs, the effective dpi on paper, and a warning when it falls short, with the upscale that would fix
 * it. The targets and the rule are the contract's.
 */
export function PrintReadout({ width, height, onUpscale }: PrintReadoutProps) {
  const { t, i18n } = useTranslation('gallery')
  const id = useId()
  const [target, setTarget] = useState<PrintTargetId>('a3')
  const [custom, setCustom] = useState({ widthMm: 500, heightMm: 700, dpi: 300 })
  const spec =
    target === 'custom'
      ? customTarget(
          clamp(custom.widthMm, CUSTOM_PRINT_LIMITS.minMm, CUSTOM_PRINT_LIMITS.maxMm),
          clamp(custom.heightMm, CUSTOM_PRINT_LIMITS.minMm, CUSTOM_PRINT_LIMITS.maxMm),
          clamp(custom.dpi, CUSTOM_PRINT_LIMITS.minDpi, CUSTOM_PRINT_LIMITS.maxDpi),
        )
      : PRINT_TARGETS[target]
  const fit = printFit(width, height, spec)
  const n = (v: number) => new Intl.NumberFormat(i18n.resolvedLanguage).format(v)
  const percent = Math.floor(100 / fit.scaleNeeded)

  return (
    <div className="flex flex-col gap-2" data-testid="print-readout" data-ok={fit.ok}>
      <label htmlFor={id} className="sr-only">
        {t('print.target')}
      </label>
      <select
        id={id}
        value={target}
        onChange={(e) => setTarget(e.target.value as PrintTargetId)}
        data-testid="print-target"
        className="h-9 w-full rounded-lg border border-border-strong bg-surface px-2.5 text-sm text-fg"
      >
        {PRINT_TARGET_IDS.map((p) => (
          <option key={p} value={p}>
            {t(`print.targets.${p}`)}
          </option>
        ))}
      </select>
      {target === 'custom' && (
        <div className="grid grid-cols-3 gap-2">
          {(
            [
              ['widthMm', 'print.customWidth', CUSTOM_PRINT_LIMITS.minMm, CUSTOM_PRINT_LIMITS.maxMm],
              ['heightMm', 'print.customHeight', CUSTOM_PRINT_LIMITS.minMm, CUSTOM_PRINT_LIMITS.maxMm],
              ['dpi', 'print.customDpi', CUSTOM_PRINT_LIMITS.minDpi, CUSTOM_PRINT_LIMITS.maxDpi],
            ] as const
          ).map(([key, label, min, max]) => (
            <label key={key} className="flex min-w-0 flex-col gap-1 text-xs text-fg-muted">
              {t(label)}
              <input
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                value={custom[key]}
                data-testid={`print-custom-${key}`}
                onChange={(e) => setCustom((c) => ({ ...c, [key]: Number(e.target.value) }))}
                className="h-9 w-full min-w-0 rounded-lg border border-border-strong bg-surface px-2 text-sm text-fg tabular-nums"
              />
            </label>
          ))}
        </div>
      )}
      <p className="text-xs text-fg-muted" data-testid="print-needs">
        {fit.needShort === null
          ? t('print.needsLong', { long: n(fit.needLong) })
          : t('print.needs', { long: n(fit.needLong), short: n(fit.needShort) })}
        {' · '}
        {t('print.has', { width: n(width), height: n(height) })}
      </p>
      {fit.effectiveDpi !== null && (
        <p className="text-sm text-fg tabular-nums" data-testid="print-dpi">
          {t('print.effectiveDpi', { dpi: n(fit.effectiveDpi) })}
        </p>
      )}
      <div
        role={fit.ok ? undefined : 'alert'}
        data-testid="print-status"
        className={cn(
          'flex items-start gap-2 rounded-lg border px-3 py-2 text-xs',
          fit.ok ? 'border-border bg-surface-2 text-fg-muted' : 'border-danger/40 bg-danger-soft text-fg',
        )}
      >
        {fit.ok ? (
          <CircleCheck className="mt-px size-4 shrink-0 text-success" aria-hidden />
        ) : (
          <TriangleAlert className="mt-px size-4 shrink-0 text-danger" aria-hidden />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p>
            {fit.ok ? t('print.ok') : t('print.short', { percent: n(percent) })}
            {!fit.ok && ' '}
            {!fit.ok &&
              (!fit.upscale
                ? t('print.noUpscaleFits')
                : fit.upscale.reaches
                  ? t('print.upscaleFits', { factor: fit.upscale.factor })
                  : fit.upscale.effectiveDpi !== null
                    ? t('print.upscaleCloser', {
                        factor: fit.upscale.factor,
                        dpi: n(fit.upscale.effectiveDpi),
                      })
                    : t('print.upscaleCloserScreen', { factor: fit.upscale.factor }))}
          </p>
          {!fit.ok && fit.upscale && onUpscale && (
            <Button
              size="sm"
              variant="outline"
              className="self-start"
              data-testid="print-upscale"
              onClick={() => onUpscale(fit.upscale!.factor)}
            >
              {t('print.upscale', { factor: fit.upscale.factor })}
            </Button>
          )}
        </div>
      </div>
    </div>
  )
}
