import type { MailStatus, OutboxItem } from '@parti/contract'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Mail } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Badge } from '../../components/ui/Badge'
import { Button } from '../../components/ui/Button'
import { Dialog } from '../../components/ui/Dialog'
import { EmptyState } from '../../components/ui/EmptyState'
import { Segmented } from '../../components/ui/Segmented'
import { Spinner } from '../../components/ui/Spinner'
import { call } from '../../lib/api'
import { useErrorText } from '../../lib/errors'
import { AdminHeader } from './components/AdminHeader'
import { ListSkeleton, LoadError } from './components/LoadStates'
import { useWhen } from './hooks/useWhen'
import { RequireAdmin } from './RequireAdmin'

/** /admin/outbox (docs/admin.md#outbox): every message Parti queued, sent or failed to send. */
export default function AdminOutboxPage() {
  return (
    <RequireAdmin>
      <OutboxScreen />
    </RequireAdmin>
  )
}

type Filter = 'all' | MailStatus
const FILTERS: readonly Filter[] = ['all', 'queued', 'sending', 'sent', 'failed']
const TONES: Record<MailStatus, 'neutral' | 'accent' | 'danger'> = {
  queued: 'neutral',
  sending: 'neutral',
  sent: 'accent',
  failed: 'danger',
}

function OutboxScreen() {
  const { t } = useTranslation('outbox')
  const [filter, setFilter] = useState<Filter>('all')
  const [openId, setOpenId] = useState<string | null>(null)
  const when = useWhen()
  const list = useInfiniteQuery({
    queryKey: ['admin', 'outbox', filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call('GET /admin/outbox', {
        query: {
          ...(filter === 'all' ? {} : { status: filter }),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 10_000,
  })
  const items = list.data?.pages.flatMap((p) => p.items) ?? []
  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 pt-5 pb-12 sm:px-6 lg:px-8 lg:pt-7">
      <AdminHeader heading={t('heading')} intro={t('intro')} />
      <Segmented
        label={t('filter.label')}
        value={filter}
        onChange={setFilter}
        size="sm"
        className="mb-4 max-w-full overflow-x-auto"
        options={FILTERS.map((f) => ({ value: f, label: t(`filter.${f}`), testId: `outbox-filter-${f}` }))}
      />
      {list.isPending ? (
        <ListSkeleton rows={5} />
      ) : list.isError ? (
        <LoadError message={t('loadFailed')} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={Mail} title={t('empty.title')} body={t('empty.body')} />
      ) : (
        <>
          <ul
            className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface"
            data-testid="outbox-list"
          >
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(item.id)}
                  className="grid w-full gap-x-4 gap-y-1 px-4 py-3 text-start transition-colors hover:bg-surface-2 md:grid-cols-[minmax(0,1.2fr)_minmax(0,2fr)_auto_auto]"
                  data-testid="outbox-row"
                >
                  <span className="truncate text-sm font-medium text-fg rtl:text-right" dir="ltr">
                    {item.to}
                  </span>
                  <span className="truncate text-sm text-fg-muted" dir="auto">
                    {item.subject}
                  </span>
                  <span className="flex items-center gap-2 text-xs text-fg-subtle">
                    <Badge tone={TONES[item.status]}>{t(`status.${item.status}`)}</Badge>
                    {t('attempts', { n: item.attempts, max: item.maxAttempts })}
                  </span>
                  <span className="text-xs text-fg-subtle md:text-end">{when(item.createdAt)}</span>
                  {item.lastError && item.status !== 'sent' && (
                    <span className="truncate text-xs text-danger md:col-span-4 rtl:text-right" dir="ltr">
                      {item.lastError}
                    </span>
                  )}
                </button>
              </li>
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
                {t('more')}
              </Button>
            </div>
          )}
        </>
      )}
      <MessageDialog
        id={openId}
        onClose={() => setOpenId(null)}
        summary={items.find((i) => i.id === openId)}
      />
    </div>
  )
}

function MessageDialog({
  id,
  summary,
  onClose,
}: {
  id: string | null
  summary: OutboxItem | undefined
  onClose: () => void
}) {
  const { t } = useTranslation('outbox')
  const { t: tc } = useTranslation()
  const when = useWhen()
  const qc = useQueryClient()
  const errorText = useErrorText()
  const resend = useMutation({
    mutationFn: () => call('POST /admin/outbox/{id}/resend', { params: { id: id ?? '' } }),
    onSuccess: async (r) => {
      qc.setQueryData(['admin', 'outbox', 'message', id], r)
      toast.success(t('resent'))
      await qc.invalidateQueries({ queryKey: ['admin', 'outbox'] })
    },
    onError: (err) => toast.error(errorText(err)),
  })
  const message = useQuery({
    queryKey: ['admin', 'outbox', 'message', id],
    queryFn: ({ signal }) => call('GET /admin/outbox/{id}', { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  })
  const item = message.data?.item
  const facts: Array<[string, string]> = item
    ? [
        [t('fields.to'), item.to],
        [t('fields.kind'), t(`kinds.${item.kind}`)],
        [t('fields.language'), item.language],
        [t('fields.status'), t(`status.${item.status}`)],
        [t('fields.attempts'), t('attempts', { n: item.attempts, max: item.maxAttempts })],
        [t('fields.created'), when(item.createdAt)],
        ...(item.sentAt ? [[t('fields.sent'), when(item.sentAt)] as [string, string]] : []),
        ...(item.status === 'queued' && item.attempts > 0
          ? [[t('fields.nextAttempt'), when(item.nextAttemptAt)] as [string, string]]
          : []),
        ...(item.lastError ? [[t('fields.lastError'), item.lastError] as [string, string]] : []),
      ]
    : []
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={summary?.subject ?? item?.subject ?? t('heading')}
      closeLabel={tc('common.close')}
      className="sm:max-w-2xl"
    >
      {message.isPending ? (
        <Spinner />
      ) : message.isError || !item ? (
        <p role="alert" className="text-sm text-danger">
          {t('loadFailed')}
        </p>
      ) : (
        <div className="flex flex-col gap-4" data-testid="outbox-message">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            {facts.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-fg-subtle">{k}</dt>
                <dd className="break-words text-fg">{v}</dd>
              </div>
            ))}
          </dl>
          {item.resendable ? (
            <div>
              <Button onClick={() => resend.mutate()} disabled={resend.isPending} data-testid="outbox-resend">
                {resend.isPending && <Spinner className="text-current" />}
                {t('resend')}
              </Button>
            </div>
          ) : (
            item.status === 'failed' && <p className="text-sm text-fg-muted">{t('linkExpired')}</p>
          )}
          <section>
            <h3 className="mb-1.5 text-xs font-semibold uppercase tracking-wider text-fg-subtle">
              {t('fields.text')}
            </h3>
            <pre
              className="max-h-64 overflow-auto whitespace-pre-wrap rounded-xl bg-surface-2 p-3 text-xs text-fg"
              dir="auto"
            >
              {item.text}
            </pre>
          </section>
          <section>
            <h3 className="mb-1.5 text-xs font-semibold uppercase tracking-wider text-fg-subtle">
              {t('fields.html')}
            </h3>
            {/* the message as a mail program shows it; sandboxed: no script, no navigation */}
            <iframe
              title={t('fields.html')}
              sandbox=""
              srcDoc={item.html}
              className="h-80 w-full rounded-xl border border-border bg-white"
            />
          </section>
        </div>
      )}
    </Dialog>
  )
}
