import { Ban, Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import type { AskSupport } from '../capabilities'

/**
 * A field or option the engine will not do as asked, said next to it before Generate
 * (docs/product.md#capabilities): "cannot" with a stop sign, "approximates" with an info sign, and the reason
 * in words, translated from its id. Nothing is shown for what the engine does.
 */
export function SupportNote({
  support,
  className,
  testId,
  subject,
}: {
  support: AskSupport
  className?: string
  testId?: string
  /** what it is about, when not said by where it stands (e.g. "Side, Aerial") */
  subject?: string
}) {
  const { t } = useTranslation('create')
  if (support.level === 'does') return null
  const cannot = support.level === 'cannot'
  const Icon = cannot ? Ban : Info
  return (
    <span
      data-testid={testId}
      data-level={support.level}
      className={cn(
        'flex items-start gap-1 text-xs leading-snug',
        cannot ? 'text-fg' : 'text-fg-muted',
        className,
      )}
    >
      <Icon
        className={cn('mt-px size-3.5 shrink-0', cannot ? 'text-danger' : 'text-fg-subtle')}
        aria-hidden
      />
      <span>
        {subject && <span className="font-medium">{subject} · </span>}
        <span className="font-medium">{t(cannot ? 'support.cannot' : 'support.approximates')}</span>{' '}
        {support.reason ? t(`support.reasons.${support.reason}`) : null}
      </span>
    </span>
  )
}
