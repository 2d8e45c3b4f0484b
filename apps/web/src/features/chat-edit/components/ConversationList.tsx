import type { Conversation } from '@parti/contract'
import { MessageSquare, Plus, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import { cn } from '../../../components/ui/cn'
import { Spinner } from '../../../components/ui/Spinner'

interface ConversationListProps {
  conversations: Conversation[] | undefined
  loading: boolean
  activeId: string | null
  onOpen: (id: string) => void
  onNew: () => void
  onDelete: (conversation: Conversation) => void
  /** off where a dialog's title already says "Conversations" */
  showHeading?: boolean
}

/** The conversations (docs/product.md#ask-parti): a new one, open one, delete one (after a confirmation). */
export function ConversationList({
  conversations,
  loading,
  activeId,
  onOpen,
  onNew,
  onDelete,
}: ConversationListProps) {
  const { t, i18n } = useTranslation('chat')
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { day: 'numeric', month: 'short' })
  return (
    <nav
      aria-label={t('list.label')}
      className="flex min-h-0 flex-1 flex-col"
      data-testid="conversation-list"
    >
      <div className="p-3">
        <Button
          variant="outline"
          className="w-full justify-start"
          onClick={onNew}
          data-testid="new-conversation"
        >
          <Plus aria-hidden />
          {t('list.new')}
        </Button>
      </div>
      <h2 className="px-4 pb-1.5 text-xs font-medium tracking-wide text-fg-subtle uppercase">
        {t('list.title')}
      </h2>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {loading ? (
          <div className="grid place-items-center py-8">
            <Spinner label={t('list.loading')} />
          </div>
        ) : !conversations?.length ? (
          <p className="px-2 py-6 text-center text-[13px] text-fg-muted">{t('list.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {conversations.map((c) => {
              const active = c.id === activeId
              return (
                <li key={c.id} className="group relative">
                  <button
                    type="button"
                    onClick={() => onOpen(c.id)}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex w-full items-center gap-2.5 rounded-lg py-2 ps-2 pe-10 text-start transition-colors',
                      active ? 'bg-accent-soft text-accent-soft-fg' : 'text-fg hover:bg-surface-2',
                    )}
                  >
                    <span className="grid size-9 shrink-0 place-items-center overflow-hidden rounded-md border border-border bg-surface-2 text-fg-subtle">
                      {c.lastImageUrl ? (
                        <img src={c.lastImageUrl} alt="" className="size-full object-cover" loading="lazy" />
                      ) : (
                        <MessageSquare className="size-4" aria-hidden />
                      )}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-[13px] font-medium" dir="auto">
                        {c.title || t('list.untitled')}
                      </span>
                      {/* fg-muted, not fg-subtle: the small date must keep 4.5:1 on the active row's tint too */}
                      <span
                        className={cn('block text-[11px]', active ? 'text-accent-soft-fg' : 'text-fg-muted')}
                      >
                        {date.format(new Date(c.updatedAt))}
                      </span>
                    </span>
                  </button>
                  <button
                    type="button"
                    onClick={() => onDelete(c)}
                    aria-label={t('list.delete', { title: c.title || t('list.untitled') })}
                    data-testid="delete-conversation"
                    className="absolute end-1.5 top-1/2 grid size-8 -translate-y-1/2 place-items-center rounded-md text-fg-subtle opacity-100 transition hover:bg-danger-soft hover:text-danger focus-visible:opacity-100 lg:opacity-0 lg:group-hover:opacity-100"
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </nav>
  )
}
