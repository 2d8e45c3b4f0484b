import { TEXT_LIMITS } from '@parti/contract'
import { CalendarDays, Check, ChevronDown, Loader2, Search, SlidersHorizontal, X } from 'lucide-react'
import { Tabs } from 'radix-ui'
import { memo, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import { SelectMenu } from '../../../components/ui/SelectMenu'
import { ProjectFilter } from '../../projects/ProjectControl'
import { DATE_PRESETS, GALLERY_TABS, type GalleryView, isFiltered } from '../filters'
import { KIND_ORDER } from '../kinds'

interface GalleryToolbarProps {
  view: GalleryView
  onChange: (view: Partial<GalleryView>) => void
  inProgress: number
}

const chip =
  'inline-flex h-9 items-center gap-2 rounded-lg border border-border-strong bg-surface px-3 text-sm text-fg ' +
  'shadow-card transition-colors hover:bg-surface-2 [&_svg]:size-4 [&_svg]:shrink-0'

/**
 * Tabs (docs/product.md#gallery: All, Images, Videos, Favorites), the in-progress count, search, kind and
 * date filters.
 */
export const GalleryToolbar = memo(function GalleryToolbar({
  view,
  onChange,
  inProgress,
}: GalleryToolbarProps) {
  const { t, i18n } = useTranslation('gallery')
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-3">
        <div className="flex min-w-0 items-center gap-3 lg:me-auto">
          <Tabs.List
            aria-label={t('tabs.label')}
            className="flex gap-0.5 overflow-x-auto rounded-xl border border-border bg-surface-2 p-1"
            dir={i18n.dir()}
          >
            {GALLERY_TABS.map((tab) => (
              <Tabs.Trigger
                key={tab}
                value={tab}
                data-testid={`tab-${tab}`}
                className={cn(
                  'h-8 shrink-0 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-fg-muted transition-colors',
                  'hover:text-fg data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-card',
                )}
              >
                {t(`tabs.${tab}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {inProgress > 0 && (
            <span
              data-testid="in-progress"
              className="inline-flex h-7 shrink-0 items-center gap-1.5 rounded-full bg-accent-soft px-2.5 text-xs font-medium text-accent-soft-fg tabular-nums"
            >
              <Loader2 className="size-3.5 animate-spin" aria-hidden />
              {t('inProgress', { count: inProgress })}
            </span>
          )}
        </div>
        <FilterRow view={view} onChange={onChange} />
      </div>
      {view.date === 'custom' && <CustomDates view={view} onChange={onChange} />}
    </div>
  )
})

function SearchBox({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const { t } = useTranslation('gallery')
  const id = useId()
  const [text, setText] = useState(value)
  const latest = useRef(onChange)
  latest.current = onChange
  // the address is the truth; follow it when it changes from outside (back button, clear filters)
  useEffect(() => setText(value), [value])
  useEffect(() => {
    if (text.trim() === value.trim()) return
    const timer = setTimeout(() => latest.current(text), 300)
    return () => clearTimeout(timer)
  }, [text, value])
  return (
    <div className="relative w-full sm:ms-auto sm:w-64 lg:ms-0">
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <Search
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
        aria-hidden
      />
      <input
        id={id}
        type="search"
        value={text}
        maxLength={TEXT_LIMITS.search}
        placeholder={t('search.placeholder')}
        data-testid="gallery-search"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange(text)
        }}
        className={cn(
          'h-9 w-full rounded-lg border border-border-strong bg-surface ps-9 pe-9 text-sm text-fg shadow-card',
          'placeholder:text-fg-subtle hover:border-fg-subtle focus-visible:border-accent focus-visible:outline-2',
          'focus-visible:outline-offset-0 focus-visible:outline-ring/40 [&::-webkit-search-cancel-button]:hidden',
        )}
      />
      {text && (
        <button
          type="button"
          aria-label={t('search.clear')}
          onClick={() => {
            setText('')
            onChange('')
          }}
          className="absolute end-1.5 top-1/2 grid size-6 -translate-y-1/2 place-items-center rounded-md text-fg-subtle hover:bg-surface-2 hover:text-fg"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      )}
    </div>
  )
}

function FilterRow({ view, onChange }: Omit<GalleryToolbarProps, 'inProgress'>) {
  const { t } = useTranslation('gallery')
  const { t: tv } = useTranslation('versions')
  const kindOptions = [
    { value: 'all', label: t('filters.anyKind') },
    ...KIND_ORDER.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
  ]
  const dateOptions = DATE_PRESETS.map((d) => ({ value: d, label: t(`dates.${d}`) }))
  return (
    <div className="flex w-full flex-wrap items-center gap-2 lg:w-auto">
      <SelectMenu
        value={view.kind ?? 'all'}
        options={kindOptions}
        onChange={(v) => onChange({ kind: v === 'all' ? null : (v as GalleryView['kind']) })}
        triggerLabel={t('filters.kind')}
        testId="filter-kind"
        triggerClassName={cn(chip, view.kind && 'border-accent text-accent-soft-fg bg-accent-soft')}
        triggerContent={
          <>
            <SlidersHorizontal aria-hidden />
            {view.kind ? t(`kinds.${view.kind}`) : t('filters.anyKind')}
            <ChevronDown className="text-fg-subtle" aria-hidden />
          </>
        }
      />
      <SelectMenu
        value={view.date}
        options={dateOptions}
        onChange={(date) => onChange({ date })}
        triggerLabel={t('filters.date')}
        testId="filter-date"
        triggerClassName={cn(chip, view.date !== 'any' && 'border-accent text-accent-soft-fg bg-accent-soft')}
        triggerContent={
          <>
            <CalendarDays aria-hidden />
            {t(`dates.${view.date}`)}
            <ChevronDown className="text-fg-subtle" aria-hidden />
          </>
        }
      />
      <ProjectFilter
        value={view.project}
        onChange={(project) => onChange({ project })}
        className={cn(chip, view.project && 'border-accent text-accent-soft-fg bg-accent-soft')}
      />
      <button
        type="button"
        aria-pressed={view.picked}
        data-testid="filter-picked"
        onClick={() => onChange({ picked: !view.picked })}
        className={cn(chip, view.picked && 'border-accent text-accent-soft-fg bg-accent-soft')}
      >
        <Check aria-hidden />
        {tv('variations.pickedOnly')}
      </button>
      {isFiltered(view) && (
        <button
          type="button"
          data-testid="clear-filters"
          onClick={() => onChange({ q: '', kind: null, date: 'any', project: null, picked: false })}
          className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-fg-muted hover:bg-surface-2 hover:text-fg"
        >
          <X className="size-4" aria-hidden />
          {t('filters.clear')}
        </button>
      )}
      <SearchBox value={view.q} onChange={(q) => onChange({ q })} />
    </div>
  )
}

function CustomDates({ view, onChange }: Omit<GalleryToolbarProps, 'inProgress'>) {
  const { t } = useTranslation('gallery')
  const today = new Date().toISOString().slice(0, 10)
  return (
    <div className="flex flex-wrap items-center gap-3 lg:justify-end">
      <DateInput
        label={t('filters.from')}
        value={view.from}
        max={view.to ?? today}
        onChange={(from) => onChange({ date: 'custom', from, to: view.to })}
      />
      <DateInput
        label={t('filters.to')}
        value={view.to}
        min={view.from ?? undefined}
        max={today}
        onChange={(to) => onChange({ date: 'custom', from: view.from, to })}
      />
    </div>
  )
}

function DateInput({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string
  value: string | null
  min?: string
  max?: string
  onChange: (value: string | null) => void
}) {
  const id = useId()
  return (
    <span className="inline-flex items-center gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-fg-muted">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value || null)}
        className="h-9 rounded-lg border border-border-strong bg-surface px-2.5 text-sm text-fg shadow-card"
      />
    </span>
  )
}
