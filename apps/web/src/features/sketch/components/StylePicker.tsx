import { Ban, Check } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import { Segmented } from '../../../components/ui/Segmented'
import { useCatalogNames } from '../../create/components/catalogNames'
import { useStyleCategories, useStyles } from '../../create/hooks/useCatalog'

interface StylePickerProps {
  value: string | null
  onChange: (id: string | null) => void
  category: string | null
  onCategoryChange: (category: string | null) => void
  labelledBy: string
}

/** Styles as visual cards (GET /api/styles?category), filtered by GET /api/styles/meta/categories. */
export function StylePicker({ value, onChange, category, onCategoryChange, labelledBy }: StylePickerProps) {
  const { t } = useTranslation(['sketch', 'create', 'app'])
  const categories = useStyleCategories()
  const styles = useStyles(category)
  const names = useCatalogNames()

  if (styles.isError || categories.isError) {
    return (
      <p role="alert" className="text-xs text-danger">
        {styles.isError ? t('app:messages.data.loadStyles') : t('app:messages.data.loadCategories')}
      </p>
    )
  }
  const card = (id: string | null, label: string, picture: ReactNode) => {
    const checked = value === id
    return (
      <label
        key={id ?? 'none'}
        data-testid={id ? `style-${id}` : 'style-none'}
        className={cn(
          'group relative flex cursor-pointer flex-col overflow-hidden rounded-xl border bg-surface transition-colors',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
          checked ? 'border-accent ring-1 ring-accent' : 'border-border hover:border-border-strong',
        )}
      >
        <input
          type="radio"
          name={labelledBy}
          className="sr-only"
          checked={checked}
          onChange={() => onChange(id)}
        />
        <span className="relative block aspect-[4/3] overflow-hidden bg-surface-2">
          {picture}
          {checked && (
            <span className="absolute end-1.5 top-1.5 grid size-5 place-items-center rounded-full bg-accent text-accent-fg shadow">
              <Check className="size-3" aria-hidden />
            </span>
          )}
        </span>
        <span className="line-clamp-2 px-2 py-1.5 text-[11px] leading-tight font-medium text-fg sm:text-xs">
          {label}
        </span>
      </label>
    )
  }

  return (
    <div className="flex flex-col gap-2.5">
      <div className="-mx-1 overflow-x-auto px-1 pb-0.5">
        <Segmented
          size="sm"
          label={t('sketch:style.categories')}
          value={category ?? 'all'}
          onChange={(v) => onCategoryChange(v === 'all' ? null : v)}
          options={[
            { value: 'all', label: t('sketch:style.all') },
            ...(categories.data ?? []).map((c) => ({ value: c.id, label: names.category(c) })),
          ]}
        />
      </div>
      <div
        role="radiogroup"
        aria-labelledby={labelledBy}
        className="grid grid-cols-3 gap-2"
        data-testid="style-picker"
      >
        {card(
          null,
          t('sketch:style.none'),
          <span className="grid size-full place-items-center text-fg-subtle">
            <Ban className="size-5" aria-hidden />
          </span>,
        )}
        {styles.isPending &&
          ['a', 'b', 'c', 'd', 'e'].map((key) => (
            <span key={key} className="aspect-[4/3.9] animate-pulse rounded-xl bg-surface-2" aria-hidden />
          ))}
        {styles.data?.map((s) =>
          card(
            s.id,
            names.style(s),
            s.imageUrl ? (
              <img
                src={s.imageUrl}
                alt=""
                loading="lazy"
                className="size-full object-cover transition-transform group-hover:scale-[1.03]"
              />
            ) : null,
          ),
        )}
      </div>
    </div>
  )
}
