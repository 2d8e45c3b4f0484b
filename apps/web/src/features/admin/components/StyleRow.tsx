import type { AdminStyle } from '@parti/contract'
import { GripVertical, ImageIcon, Pencil, Trash2 } from 'lucide-react'
import type { DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { cn } from '../../../components/ui/cn'

type MoveKey = 'ArrowUp' | 'ArrowDown' | 'Home' | 'End'
const MOVE_KEYS = new Set<string>(['ArrowUp', 'ArrowDown', 'Home', 'End'])

interface StyleRowProps {
  style: AdminStyle
  instructionsId: string
  dragging: boolean
  dropTarget: boolean
  onEdit: () => void
  onDelete: () => void
  onKeyMove: (key: MoveKey) => void
  onDragStart: () => void
  onDragEnd: () => void
  onDragOver: (event: DragEvent) => void
  onDrop: (event: DragEvent) => void
}

/** One style in the admin list: handle, card image, name and id, its state, edit and delete. */
export function StyleRow({ style, instructionsId, dragging, dropTarget, ...on }: StyleRowProps) {
  const { t } = useTranslation('admin')
  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move'
        event.dataTransfer.setData('text/plain', style.id)
        on.onDragStart()
      }}
      onDragEnd={on.onDragEnd}
      onDragOver={on.onDragOver}
      onDrop={on.onDrop}
      data-testid="admin-style-row"
      data-style-id={style.id}
      className={cn(
        'flex items-center gap-2 border-b border-border px-2 py-2.5 transition-colors last:border-b-0 sm:gap-3 sm:px-3',
        dragging && 'opacity-40',
        dropTarget && 'bg-accent-soft',
      )}
    >
      <button
        type="button"
        data-grip={style.id}
        aria-label={t('reorder.handle', { name: style.name })}
        aria-describedby={instructionsId}
        className="grid h-10 w-7 shrink-0 cursor-grab place-items-center rounded-lg text-fg-subtle hover:bg-surface-2 hover:text-fg active:cursor-grabbing"
        onKeyDown={(event) => {
          if (!MOVE_KEYS.has(event.key)) return
          event.preventDefault()
          on.onKeyMove(event.key as MoveKey)
        }}
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
      <div className="grid h-12 w-16 shrink-0 place-items-center overflow-hidden rounded-lg bg-surface-2 ring-1 ring-border sm:h-14 sm:w-20">
        {style.imageUrl ? (
          <img
            src={style.imageUrl}
            alt=""
            className="size-full object-cover"
            loading="lazy"
            draggable={false}
          />
        ) : (
          <ImageIcon className="size-4 text-fg-subtle" aria-hidden />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate text-sm font-medium text-fg" dir="auto" data-testid="admin-style-name">
            {style.name}
          </span>
          {!style.active && <Badge>{t('styles.hidden')}</Badge>}
        </div>
        <span className="mt-0.5 block truncate font-mono text-[11px] text-fg-subtle rtl:text-right" dir="ltr">
          {style.id}
        </span>
        {style.prompt && (
          <p className="mt-0.5 hidden truncate text-xs text-fg-muted sm:block rtl:text-right" dir="auto">
            {style.prompt}
          </p>
        )}
      </div>
      <span className="hidden shrink-0 rounded-full bg-surface-2 px-2 py-0.5 text-[11px] text-fg-muted md:inline">
        {style.localParams ? t(`looks.${style.localParams.look}`) : t('looks.none')}
      </span>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t('styles.edit', { name: style.name })}
        onClick={on.onEdit}
      >
        <Pencil aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        className="hover:text-danger"
        aria-label={t('styles.delete', { name: style.name })}
        onClick={on.onDelete}
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  )
}
