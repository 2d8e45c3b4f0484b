import type { InboxItem, InboxStatus } from '@parti/contract'
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { Inbox } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Badge } from '../../components/ui/Badge'
import { Button } from '../../components/ui/Button'
import { EmptyState } from '../../components/ui/EmptyState'
import { TextAreaField } from '../../components/ui/Field'
import { Segmented } from '../../components/ui/Segmented'
import { Spinner } from '../../components/ui/Spinner'
import { call } from '../../lib/api'
import { useErrorText } from '../../lib/errors'
import { AdminHeader } from './components/AdminHeader'
import { ListSkeleton, LoadError } from './components/LoadStates'
import { useWhen } from './hooks/useWhen'
import { RequireAdmin } from './RequireAdmin'

/** /admin/inbox (docs/admin.md#inbox): contact and demo requests, answered by mail from the page. */
export default function AdminInboxPage() {
  return (
    <RequireAdmin>
      <InboxScreen />
    </RequireAdmin>
  )
}

type Filter = 'all' | InboxStatus
const FILTERS: readonly Filter[] = ['open', 'handled', 'all']
const inboxKey = ['admin', 'inbox'] as const

function InboxScreen() {
  const { t } = useTranslation('admin')
  const [filter, setFilter] = useState<Filter>('open')
  const list = useInfiniteQuery({
    queryKey: [...inboxKey, filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call('GET /admin/inbox', {
        query: {
          ...(filter === 'all' ? {} : { status: filter }),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 30_000,
  })
  const items = list.data?.pages.flatMap((p) => p.items) ?? []
  const open = list.data?.pages[0]?.open
  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 pt-5 pb-12 sm:px-6 lg:px-8 lg:pt-7">
      <AdminHeader heading={t('inbox.heading')} intro={t('inbox.intro')} />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Segmented
          label={t('inbox.filter.label')}
          value={filter}
          onChange={setFilter}
          size="sm"
          className="max-w-full overflow-x-auto"
          options={FILTERS.map((f) => ({
            value: f,
            label: t(`inbox.filter.${f}`),
            testId: `inbox-filter-${f}`,
          }))}
        />
        {open !== undefined && (
          <span className="text-[13px] text-fg-muted" data-testid="inbox-open-count">
            {t('inbox.openCount', { count: open })}
          </span>
        )}
      </div>
      {list.isPending ? (
        <ListSkeleton rows={4} />
      ) : list.isError ? (
        <LoadError message={t('inbox.loadFailed')} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={Inbox} title={t('inbox.empty.title')} body={t('inbox.empty.body')} />
      ) : (
        <>
          <ul className="flex flex-col gap-3" data-testid="inbox-list">
            {items.map((item) => (
              <Request key={item.id} item={item} />
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button
                variant="outline"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage && <Spinner className="text-current" />}
                {t('inbox.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  )
}

function Request({ item }: { item: InboxItem }) {
  const { t } = useTranslation('admin')
  const when = useWhen()
  const qc = useQueryClient()
  const errorText = useErrorText()
  const [answering, setAnswering] = useState(false)
  const [text, setText] = useState('')
  const refresh = () => qc.invalidateQueries({ queryKey: inboxKey })
  const handled = useMutation({
    mutationFn: (value: boolean) =>
      call('POST /admin/inbox/{id}/handled', { params: { id: item.id }, body: { handled: value } }),
    onSuccess: refresh,
    onError: (err) => toast.error(errorText(err)),
  })
  const reply = useMutation({
    mutationFn: () => call('POST /admin/inbox/{id}/reply', { params: { id: item.id }, body: { text } }),
    onSuccess: async () => {
      toast.success(t('inbox.sent', { email: item.email }))
      setAnswering(false)
      setText('')
      await refresh()
    },
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (text.trim()) reply.mutate()
  }
  return (
    <li className="rounded-2xl border border-border bg-surface p-4 sm:p-5" data-testid="inbox-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-fg" dir="auto">
            {item.subject}
          </p>
          <p className="mt-0.5 text-[13px] text-fg-muted">
            <span dir="auto">{item.name}</span> · <span dir="ltr">{item.email}</span> · {when(item.createdAt)}
          </p>
        </div>
        <Badge tone={item.handledAt ? 'neutral' : 'accent'}>
          {item.handledAt ? t('inbox.status.handled') : t('inbox.status.open')}
        </Badge>
      </div>
      <p className="mt-3 whitespace-pre-wrap text-sm leading-relaxed text-fg" dir="auto">
        {item.message}
      </p>
      {item.reply && item.repliedAt && (
        <div className="mt-3 rounded-xl bg-surface-2 p-3 text-[13px]" data-testid="inbox-reply">
          <p className="text-fg-subtle">{t('inbox.answered', { date: when(item.repliedAt) })}</p>
          <p className="mt-1 whitespace-pre-wrap text-fg" dir="auto">
            {item.reply}
          </p>
        </div>
      )}
      {answering ? (
        <form onSubmit={submit} className="mt-4 flex flex-col gap-3" noValidate>
          <TextAreaField
            label={t('inbox.answerLabel', { email: item.email })}
            hint={t('inbox.answerHint')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={5}
            dir="auto"
            error={reply.error ? errorText(reply.error) : undefined}
            data-testid="inbox-answer"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={!text.trim() || reply.isPending} data-testid="inbox-send">
              {reply.isPending && <Spinner className="text-current" />}
              {t('inbox.send')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setAnswering(false)}>
              {t('inbox.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setAnswering(true)} data-testid="inbox-answer-open">
            {item.reply ? t('inbox.answerAgain') : t('inbox.answer')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => handled.mutate(!item.handledAt)}
            disabled={handled.isPending}
            data-testid="inbox-toggle"
          >
            {item.handledAt ? t('inbox.reopen') : t('inbox.markHandled')}
          </Button>
        </div>
      )}
    </li>
  )
}
