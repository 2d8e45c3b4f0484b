import { priceRange } from '@parti/contract'
import { type KeyboardEvent, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import { KIND_UI } from '../../jobs/kinds'
import { EDIT_MODES, type EditMode } from './EditForms'

/** A card's price: one figure, or the range over the kind's options (a 6 or 10 s video). */
function costOf(mode: EditMode): string {
  const { min, max } = priceRange(mode)
  return min === max ? String(min) : `${min}–${max}`
}

interface ModeCarouselProps {
  value: EditMode | null
  onChange: (mode: EditMode | null) => void
}

/**
 * docs/product.md#detail-area: the modes that start a new job from the selected image (inpaint, magic edit,
 * animate, upscale), as a grid of cards, two a row. Picking a card opens its form; picking it again closes it.
 * Arrow keys move between the cards (a radio group: one mode at a time, or none).
 */
export function ModeCarousel({ value, onChange }: ModeCarouselProps) {
  const { t, i18n } = useTranslation('gallery')
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const forward = i18n.dir() === 'rtl' ? 'ArrowLeft' : 'ArrowRight'
    const back = i18n.dir() === 'rtl' ? 'ArrowRight' : 'ArrowLeft'
    const to = e.key === forward ? index + 1 : e.key === back ? index - 1 : null
    if (to === null) return
    e.preventDefault()
    e.stopPropagation()
    refs.current[(to + EDIT_MODES.length) % EDIT_MODES.length]?.focus()
  }
  return (
    <div
      role="radiogroup"
      aria-label={t('modes.label')}
      className="grid grid-cols-2 gap-2"
      data-testid="mode-carousel"
    >
      {EDIT_MODES.map((mode, index) => {
        const Icon = KIND_UI[mode].icon
        const selected = value === mode
        return (
          // biome-ignore lint/a11y/useSemanticElements: a card with a title, a line and a cost; radio inputs cannot hold that
          <button
            key={mode}
            ref={(el) => {
              refs.current[index] = el
            }}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected || (value === null && index === 0) ? 0 : -1}
            data-testid={`mode-${mode}`}
            onClick={() => onChange(selected ? null : mode)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={cn(
              'flex min-w-0 flex-col items-start gap-1 rounded-xl border p-2.5 text-start transition-colors',
              selected
                ? 'border-accent bg-accent-soft text-accent-soft-fg shadow-card'
                : 'border-border bg-surface hover:border-border-strong hover:bg-surface-2',
            )}
          >
            <Icon className={cn('size-[18px]', selected ? 'text-accent' : 'text-fg-muted')} aria-hidden />
            <span className="mt-0.5 text-sm font-medium text-fg">{t(`modes.${mode}.title`)}</span>
            <span className="line-clamp-2 text-[11px] leading-snug text-fg-muted">
              {t(`modes.${mode}.body`)}
            </span>
            <span
              className={cn(
                'mt-auto pt-1 text-[11px] tabular-nums',
                selected ? 'text-accent-soft-fg' : 'text-fg-subtle',
              )}
            >
              {t('modes.cost', { credits: costOf(mode) })}
            </span>
          </button>
        )
      })}
    </div>
  )
}
