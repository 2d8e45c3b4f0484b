import { Check } from 'lucide-react'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { cn } from './cn'

interface SelectMenuOption<T extends string> {
  value: T
  label: string
  lang?: string
  dir?: 'ltr' | 'rtl'
}

interface SelectMenuProps<T extends string> {
  value: T
  options: readonly SelectMenuOption<T>[]
  onChange: (value: T) => void
  triggerLabel: string
  triggerContent: ReactNode
  triggerClassName?: string
  testId?: string
}

/**
 * A small single-choice menu (menu button pattern): arrow keys move, Enter or Space picks, Escape and Tab
 * close, focus returns to the button. Deliberately free of positioning libraries: it sits on public pages
 * where every kilobyte counts.
 */
export function SelectMenu<T extends string>({
  value,
  options,
  onChange,
  triggerLabel,
  triggerContent,
  triggerClassName,
  testId,
}: SelectMenuProps<T>) {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([])
  const menuId = useId()

  useEffect(() => {
    if (!open) return
    const index = Math.max(
      0,
      options.findIndex((o) => o.value === value),
    )
    itemRefs.current[index]?.focus()
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open, options, value])

  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) triggerRef.current?.focus()
  }

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = itemRefs.current.filter(Boolean) as HTMLButtonElement[]
    const current = items.indexOf(document.activeElement as HTMLButtonElement)
    const move = (to: number) => {
      event.preventDefault()
      items[(to + items.length) % items.length]?.focus()
    }
    if (event.key === 'ArrowDown') move(current + 1)
    else if (event.key === 'ArrowUp') move(current - 1)
    else if (event.key === 'Home') move(0)
    else if (event.key === 'End') move(items.length - 1)
    else if (event.key === 'Escape') {
      event.preventDefault()
      close(true)
    } else if (event.key === 'Tab') close(false)
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={triggerLabel}
        data-testid={testId}
        className={triggerClassName}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            setOpen(true)
          }
        }}
      >
        {triggerContent}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={triggerLabel}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="animate-pop-in absolute end-0 top-full z-50 mt-1.5 min-w-44 rounded-xl border border-border bg-surface p-1 shadow-pop"
        >
          {options.map((option, index) => {
            const selected = option.value === value
            return (
              <button
                key={option.value}
                ref={(node) => {
                  itemRefs.current[index] = node
                }}
                type="button"
                role="menuitemradio"
                aria-checked={selected}
                lang={option.lang}
                dir={option.dir}
                tabIndex={-1}
                onClick={() => {
                  onChange(option.value)
                  close(true)
                }}
                className={cn(
                  'flex h-9 w-full items-center gap-2 rounded-lg px-2.5 text-sm text-fg outline-none',
                  'hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none',
                )}
              >
                <span className="flex-1 text-start">{option.label}</span>
                {selected && <Check className="size-4 text-accent" aria-hidden />}
              </button>
            )
          })}
        </div>
      )}
    </div>
  )
}
