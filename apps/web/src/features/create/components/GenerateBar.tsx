import { AlertCircle, Coins, Sparkles } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/Button'
import { cn } from '../../../components/ui/cn'
import { Spinner } from '../../../components/ui/Spinner'
import type { InsufficientVariant } from '../InsufficientCreditsDialog'
import { type Reason, useReasonText } from '../readiness'

interface GenerateBarProps {
  /** the button's words, e.g. "Render sketch" */
  label: string
  cost: number
  /** how the cost is made up, e.g. "20 credits × 3 angles" */
  costDetail?: string
  credits: number
  /** from the screen's readiness function; Generate runs only when empty */
  reasons: readonly Reason[]
  pending: boolean
  variant?: InsufficientVariant
  /** the element id of each field, so a reason moves focus to it */
  fieldIds: Record<string, string>
  onGenerate: () => void
  /** Generate was pressed while something is missing: show the fields' messages */
  onShowErrors: () => void
  onInsufficient: (required: number, available: number) => void
  testId?: string
}

/**
 * Cost, the Generate button and, next to it, the reasons it cannot run yet. The button stays focusable while
 * blocked (aria-disabled, so keyboard and screen-reader users reach it and hear why); pressing it then moves
 * focus to the first missing field, or opens the insufficient-credits dialog when only credits are short.
 */
export function GenerateBar({
  label,
  cost,
  costDetail,
  credits,
  reasons,
  pending,
  variant = 'default',
  fieldIds,
  onGenerate,
  onShowErrors,
  onInsufficient,
  testId = 'generate',
}: GenerateBarProps) {
  const { t, i18n } = useTranslation('create')
  const reasonsId = useId()
  const reasonText = useReasonText()
  const format = (n: number) => new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en').format(n)
  const blocked = reasons.length > 0
  const after = credits - cost

  const focusField = (field: string) => {
    const id = fieldIds[field]
    const element = id ? document.getElementById(id) : null
    element?.focus()
    element?.scrollIntoView({ block: 'center', behavior: 'smooth' })
  }

  const press = () => {
    if (pending) return
    const first = reasons[0]
    if (!first) return onGenerate()
    onShowErrors()
    if (first.code === 'insufficient_credits') onInsufficient(first.required, first.available)
    else focusField(first.field)
  }

  return (
    <div className="flex flex-col gap-3">
      {/* the detail wraps under the figure on a narrow phone rather than being cut */}
      <div
        className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-[13px]"
        data-testid="cost-line"
      >
        <span className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5 text-fg">
          <Coins className="size-4 shrink-0 text-fg-subtle" aria-hidden />
          <span className="font-semibold tabular-nums" data-testid="cost">
            {t('generate.cost', { credits: format(cost) })}
          </span>
          {costDetail && (
            <span className="text-fg-muted" data-testid="cost-detail">
              · {costDetail}
            </span>
          )}
        </span>
        <span className={cn('shrink-0 tabular-nums', after < 0 ? 'text-danger' : 'text-fg-muted')}>
          {t('generate.balance', { credits: format(credits) })}
        </span>
      </div>
      <button
        type="button"
        data-testid={testId}
        aria-disabled={blocked || pending || undefined}
        aria-busy={pending || undefined}
        aria-describedby={blocked ? reasonsId : undefined}
        onClick={press}
        className={buttonClass(
          'primary',
          'lg',
          cn('w-full', (blocked || pending) && 'opacity-55 hover:bg-accent cursor-not-allowed'),
        )}
      >
        {pending ? <Spinner className="size-4 text-current" /> : <Sparkles aria-hidden />}
        {pending ? t('generate.starting') : label}
      </button>
      {blocked && (
        <div id={reasonsId} data-testid="disabled-reasons" className="rounded-xl bg-surface-2 px-3.5 py-3">
          <p className="mb-1.5 text-xs font-medium text-fg-muted">{t('generate.before')}</p>
          <ul className="flex flex-col gap-1.5">
            {reasons.map((reason) => (
              <li key={reason.code} className="flex items-start gap-2 text-[13px] leading-snug text-fg">
                <AlertCircle className="mt-0.5 size-3.5 shrink-0 text-fg-subtle" aria-hidden />
                {reason.code === 'insufficient_credits' ? (
                  <span>
                    <span>{reasonText(reason, variant)}</span>{' '}
                    <Link
                      to="/pricing"
                      className="font-medium text-accent underline-offset-2 hover:underline"
                    >
                      {t('insufficient.buy')}
                    </Link>
                  </span>
                ) : (
                  <button
                    type="button"
                    onClick={() => focusField(reason.field)}
                    className="text-start underline-offset-2 hover:underline"
                  >
                    {reasonText(reason, variant)}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
