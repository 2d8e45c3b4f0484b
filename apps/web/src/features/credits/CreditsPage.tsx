import { CREDIT_TRANSACTION_KINDS, type CreditTransaction, type CreditTransactionKind } from '@parti/contract'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Download, ReceiptText } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, buttonClass } from '../../components/ui/Button'
import { cn } from '../../components/ui/cn'
import { EmptyState } from '../../components/ui/EmptyState'
import { Page } from '../../components/ui/Page'
import { csvUrl, fetchLedgerPage, type LedgerFilter, ledgerKeys } from './api'

const control =
  'h-10 rounded-lg border border-border-strong bg-surface px-3 text-sm text-fg transition-colors ' +
  'hover:border-fg-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-ring/40'

/**
 * /credits (docs/product.md#credit-history): every change to the balance, newest first, filterable by kind and
 * days, fifty rows at a time, and the same rows as a CSV download.
 */
export default function CreditsPage() {
  const { t } = useTranslation('credits')
  const [filter, setFilter] = useState<LedgerFilter>({})
  const badRange = Boolean(filter.fromDay && filter.toDay && filter.fromDay > filter.toDay)
  const query = useInfiniteQuery({
    queryKey: ledgerKeys.list(filter),
    queryFn: ({ pageParam, signal }) => fetchLedgerPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: !badRange,
  })
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.transactions) ?? [], [query.data])
  const filtered = Boolean(filter.kind || filter.fromDay || filter.toDay)

  return (
    <Page className="min-w-0">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{t('title')}</h1>
          <p className="mt-2 max-w-2xl text-[15px] leading-relaxed text-fg-muted">{t('lead')}</p>
        </div>
        <a
          href={badRange ? undefined : csvUrl(filter)}
          download
          aria-disabled={badRange || undefined}
          className={buttonClass('outline', 'md', badRange ? 'pointer-events-none opacity-50' : undefined)}
          data-testid="credits-csv"
        >
          <Download aria-hidden />
          {t('csv')}
        </a>
      </header>

      <Filters filter={filter} onChange={setFilter} badRange={badRange} />

      {badRange ? null : query.isPending ? (
        <div
          role="status"
          aria-label={t('loading')}
          className="mt-6 h-64 animate-pulse rounded-2xl bg-surface-2"
        />
      ) : query.isError ? (
        <p className="mt-6 text-sm text-danger" role="alert">
          {t('loadFailed')}
        </p>
      ) : rows.length === 0 ? (
        <div className="mt-6">
          <EmptyState icon={ReceiptText} title={filtered ? t('emptyFiltered') : t('empty')} />
        </div>
      ) : (
        <>
          <LedgerTable rows={rows} />
          {query.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button
                variant="outline"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
                data-testid="credits-more"
              >
                {query.isFetchingNextPage ? t('loadingMore') : t('more')}
              </Button>
            </div>
          )}
        </>
      )}
    </Page>
  )
}

function Filters({
  filter,
  onChange,
  badRange,
}: {
  filter: LedgerFilter
  onChange: (f: LedgerFilter) => void
  badRange: boolean
}) {
  const { t } = useTranslation('credits')
  const id = useId()
  return (
    <fieldset
      className="mt-8 flex flex-wrap items-end gap-3"
      aria-describedby={badRange ? `${id}-range` : undefined}
    >
      <legend className="sr-only">{t('filters.legend')}</legend>
      <label className="flex flex-col gap-1.5 text-[13px] font-medium text-fg">
        {t('filters.kind')}
        <select
          className={cn(control, 'min-w-44')}
          value={filter.kind ?? ''}
          onChange={(e) =>
            onChange({ ...filter, kind: (e.target.value || undefined) as CreditTransactionKind | undefined })
          }
          data-testid="credits-kind"
        >
          <option value="">{t('filters.allKinds')}</option>
          {CREDIT_TRANSACTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-[13px] font-medium text-fg">
        {t('filters.from')}
        <input
          type="date"
          className={control}
          value={filter.fromDay ?? ''}
          max={filter.toDay}
          aria-invalid={badRange || undefined}
          onChange={(e) => onChange({ ...filter, fromDay: e.target.value || undefined })}
        />
      </label>
      <label className="flex flex-col gap-1.5 text-[13px] font-medium text-fg">
        {t('filters.to')}
        <input
          type="date"
          className={control}
          value={filter.toDay ?? ''}
          min={filter.fromDay}
          aria-invalid={badRange || undefined}
          onChange={(e) => onChange({ ...filter, toDay: e.target.value || undefined })}
        />
      </label>
      {(filter.kind || filter.fromDay || filter.toDay) && (
        <Button variant="ghost" onClick={() => onChange({})}>
          {t('filters.clear')}
        </Button>
      )}
      {badRange && (
        <p id={`${id}-range`} role="alert" className="w-full text-xs text-danger">
          {t('filters.badRange')}
        </p>
      )}
    </fieldset>
  )
}

function LedgerTable({ rows }: { rows: CreditTransaction[] }) {
  const { t, i18n } = useTranslation(['credits', 'gallery'])
  const language = i18n.resolvedLanguage ?? 'en'
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium' })
  const time = new Intl.DateTimeFormat(language, { timeStyle: 'short' })
  const number = new Intl.NumberFormat(language)
  const signed = new Intl.NumberFormat(language, { signDisplay: 'exceptZero' })
  return (
    <div className="mt-6 overflow-x-auto rounded-2xl border border-border bg-surface shadow-card">
      <table className="w-full text-[13px] sm:text-sm" data-testid="credits-table">
        <caption className="sr-only">{t('credits:title')}</caption>
        <thead>
          <tr className="border-b border-border text-xs text-fg-subtle">
            <th scope="col" className="py-2.5 ps-3 pe-2 text-start font-medium sm:ps-5 sm:pe-3">
              {t('credits:columns.date')}
            </th>
            <th scope="col" className="px-2 py-2.5 text-start font-medium sm:px-3">
              {t('credits:columns.what')}
            </th>
            <th scope="col" className="px-2 py-2.5 text-end font-medium sm:px-3">
              {t('credits:columns.amount')}
            </th>
            <th scope="col" className="py-2.5 ps-2 pe-3 text-end font-medium sm:ps-3 sm:pe-5">
              {t('credits:columns.balance')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => {
            const at = new Date(row.createdAt)
            const job = row.mode ? t(`gallery:kinds.${row.mode}`) : null
            const held = Math.abs(row.held)
            return (
              <tr key={row.id} data-kind={row.kind}>
                <td className="py-3 ps-3 pe-2 align-top whitespace-nowrap sm:ps-5 sm:pe-3">
                  <span className="block text-fg">{day.format(at)}</span>
                  <span className="block text-xs text-fg-subtle">{time.format(at)}</span>
                </td>
                <td className="px-2 py-3 align-top sm:px-3">
                  <span className="block text-fg">{t(`credits:kinds.${row.kind}`)}</span>
                  {(job || (row.kind === 'capture' && held > 0)) && (
                    <span className="block text-xs text-fg-subtle">
                      {[
                        job,
                        row.kind === 'capture' && held > 0 ? t('credits:charged', { count: held }) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  )}
                </td>
                <td
                  className={cn(
                    'px-2 py-3 text-end align-top font-medium whitespace-nowrap tabular-nums sm:px-3',
                    row.amount > 0 ? 'text-success' : row.amount < 0 ? 'text-danger' : 'text-fg-subtle',
                  )}
                  dir="ltr"
                >
                  {signed.format(row.amount)}
                </td>
                <td
                  className="py-3 ps-2 pe-3 text-end align-top whitespace-nowrap text-fg tabular-nums sm:ps-3 sm:pe-5"
                  dir="ltr"
                >
                  {number.format(row.balanceAfter)}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
