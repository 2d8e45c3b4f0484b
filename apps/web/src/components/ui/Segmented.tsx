import { type KeyboardEvent, type ReactNode, useRef } from 'react'
import { cn } from './cn'

interface SegmentedOption<T extends string> {
  value: T
  label: ReactNode
  /** the accessible name when the label is not text */
  ariaLabel?: string
  testId?: string
}

interface SegmentedProps<T extends string> {
  value: T
  options: readonly SegmentedOption<T>[]
  onChange: (value: T) => void
  /** the group's accessible name */
  label: string
  size?: 'sm' | 'md'
  className?: string
  /** buttons share the width equally */
  stretch?: boolean
}

/**
 * A single choice among a few, drawn as a segmented control (radio group pattern): one tab stop, arrow keys
 * move and choose, following the text direction.
 */
export function Segmented<T extends string>({
  value,
  options,
  onChange,
  label,
  size = 'md',
  className,
  stretch,
}: SegmentedProps<T>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight'
    const back = rtl ? 'ArrowRight' : 'ArrowLeft'
    let next = -1
    if (event.key === forward || event.key === 'ArrowDown') next = (index + 1) % options.length
    else if (event.key === back || event.key === 'ArrowUp')
      next = (index - 1 + options.length) % options.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = options.length - 1
    if (next < 0) return
    event.preventDefault()
    onChange(options[next]!.value)
    refs.current[next]?.focus()
  }
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn(
        'inline-flex rounded-lg border border-border bg-surface-2 p-0.5',
        stretch && 'flex w-full',
        className,
      )}
    >
      {options.map((option, index) => {
        const checked = option.value === value
        return (
          // biome-ignore lint/a11y/useSemanticElements: a styled radio with roving focus; a native radio cannot look like a segment
          <button
            key={option.value}
            ref={(node) => {
              refs.current[index] = node
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={option.ariaLabel}
            tabIndex={checked ? 0 : -1}
            data-testid={option.testId}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              'inline-flex items-center justify-center gap-1.5 rounded-md font-medium whitespace-nowrap transition-colors',
              size === 'sm' ? 'h-7 px-2.5 text-xs' : 'h-8 px-3 text-[13px]',
              stretch && 'flex-1',
              checked ? 'bg-surface text-fg shadow-card' : 'text-fg-muted hover:text-fg',
            )}
          >
            {option.label}
          </button>
        )
      })}
    </div>
  )
}
