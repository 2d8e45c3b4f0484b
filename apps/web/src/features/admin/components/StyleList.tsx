import type { AdminStyle } from '@parti/contract'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type CategoryGroup, move } from '../reorder'
import { StyleRow } from './StyleRow'

interface StyleListProps {
  groups: CategoryGroup[]
  onEdit: (style: AdminStyle) => void
  onDelete: (style: AdminStyle) => void
  onReorder: (categoryId: string, ordered: AdminStyle[]) => void
}

/**
 * Reorder (docs/product.md#admin-styles): styles in their categories, moved by dragging a row or, from its
 * handle, with the arrow keys (Home and End jump); each move is announced. A style moves within its category
 * (the order people see in the style picker); the category is changed in the style's form.
 */
export function StyleList({ groups, onEdit, onDelete, onReorder }: StyleListProps) {
  const { t } = useTranslation('admin')
  const instructions = useId()
  const [dragging, setDragging] = useState<{ id: string; categoryId: string } | null>(null)
  const [over, setOver] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [focusId, setFocusId] = useState<string | null>(null)

  // a moved row's handle keeps the focus, so the arrow keys can carry on
  useEffect(() => {
    if (!focusId) return
    document.querySelector<HTMLElement>(`[data-grip="${CSS.escape(focusId)}"]`)?.focus()
    setFocusId(null)
  }, [focusId])

  const moveTo = (group: CategoryGroup, from: number, to: number) => {
    const ordered = move(group.styles, from, to)
    const style = group.styles[from]
    if (!style || ordered.every((s, i) => s === group.styles[i])) return
    onReorder(group.category.id, ordered)
    setAnnouncement(
      t('reorder.moved', { name: style.name, position: ordered.indexOf(style) + 1, total: ordered.length }),
    )
    setFocusId(style.id)
  }

  return (
    <div className="flex flex-col gap-8">
      <p id={instructions} className="sr-only">
        {t('reorder.instructions')}
      </p>
      {groups.map((group) => (
        <section key={group.category.id} aria-labelledby={`category-${group.category.id}`}>
          <div className="mb-2.5 flex items-baseline justify-between gap-3 px-1">
            <h3 id={`category-${group.category.id}`} className="text-sm font-semibold text-fg">
              {group.category.name}
            </h3>
            <span className="rounded-full bg-surface-2 px-2 py-0.5 text-[11px] font-medium text-fg-muted tabular-nums">
              <span aria-hidden>{group.styles.length}</span>
              <span className="sr-only">{t('styles.count', { count: group.styles.length })}</span>
            </span>
          </div>
          <ol
            className="overflow-hidden rounded-2xl border border-border bg-surface shadow-card"
            data-testid="admin-style-group"
            data-category={group.category.id}
          >
            {group.styles.map((style, index) => (
              <StyleRow
                key={style.id}
                style={style}
                instructionsId={instructions}
                dragging={dragging?.id === style.id}
                dropTarget={over === style.id && dragging?.id !== style.id}
                onEdit={() => onEdit(style)}
                onDelete={() => onDelete(style)}
                onKeyMove={(key) => {
                  const to = {
                    ArrowUp: index - 1,
                    ArrowDown: index + 1,
                    Home: 0,
                    End: group.styles.length - 1,
                  }[key]
                  moveTo(group, index, to)
                }}
                onDragStart={() => setDragging({ id: style.id, categoryId: group.category.id })}
                onDragEnd={() => {
                  setDragging(null)
                  setOver(null)
                }}
                onDragOver={(event) => {
                  if (dragging?.categoryId !== group.category.id) return
                  event.preventDefault()
                  setOver(style.id)
                }}
                onDrop={(event) => {
                  event.preventDefault()
                  const from = group.styles.findIndex((s) => s.id === dragging?.id)
                  setDragging(null)
                  setOver(null)
                  if (from >= 0) moveTo(group, from, index)
                }}
              />
            ))}
          </ol>
        </section>
      ))}
      <div aria-live="polite" className="sr-only" data-testid="reorder-announcement">
        {announcement}
      </div>
    </div>
  )
}
