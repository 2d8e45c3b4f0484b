import { Check, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '../../components/ui/Badge'
import { buttonClass } from '../../components/ui/Button'
import { EmptyState } from '../../components/ui/EmptyState'
import { Page } from '../../components/ui/Page'

interface ToolComingSoonProps {
  icon: LucideIcon
  heading: string
  body: string
  points?: string[]
  cost?: ReactNode
  beta?: boolean
}

/** The honest placeholder of a tool screen that a later release completes. */
export function ToolComingSoon({ icon, heading, body, points, cost, beta }: ToolComingSoonProps) {
  const { t } = useTranslation()
  return (
    <Page className="flex items-center">
      <EmptyState
        icon={icon}
        title={heading}
        body={body}
        badge={
          <span className="flex items-center gap-2">
            <Badge tone="neutral">{t('pages.comingSoon')}</Badge>
            {beta && <Badge tone="beta">{t('common.beta')}</Badge>}
          </span>
        }
      >
        {points && points.length > 0 && (
          <ul className="mt-6 flex w-full max-w-sm flex-col gap-2.5 text-start text-sm text-fg-muted">
            {points.map((point) => (
              <li key={point} className="flex items-start gap-2.5">
                <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        )}
        {cost && <p className="mt-6 text-[13px] text-fg-subtle">{cost}</p>}
        <Link to="/" className={buttonClass('outline', 'md', 'mt-8')}>
          {t('pages.backToAskParti')}
        </Link>
      </EmptyState>
    </Page>
  )
}
