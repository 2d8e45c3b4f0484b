import { FAILURE_IDS, type Generation } from '@parti/contract'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'

type T = TFunction<['create', 'chat']>
type Stored = NonNullable<Generation['metadata']['failure']>[number]

const KNOWN = new Set<string>(FAILURE_IDS)
/** The user's own words, isolated (FSI…PDI) so English words read right inside an Arabic sentence and back. */
const isolate = (words: string) => `\u2068${words}\u2069`

function reasonText(t: T, r: Stored): string {
  const p = r.params ?? {}
  // a part of an Ask Parti request left out: the chat's own line, its reason id translated
  if (r.id === 'left_out')
    return t('chat:refused.line', {
      words: isolate(String(p.words ?? '')),
      reason: t([`chat:refused.reasons.${p.reason}` as never, 'chat:refused.reasons.not-understood']),
    })
  const params: Record<string, string | number> = { ...p }
  if (typeof p.what === 'string')
    params.what = t(`create:failure.what.${p.what}` as never, { defaultValue: p.what })
  if (typeof p.words === 'string') params.words = isolate(p.words)
  return t(`create:failure.ids.${r.id}` as never, params)
}

/**
 * The failure reason in the UI language: the reason ids the server stored (`metadata.failure`, the contract's
 * FAILURES) translated, or, for rows from before the ids or a reason this build does not know, the server's
 * English `error` as it is.
 */
function failureText(
  t: T,
  g: Pick<Generation, 'error'> & { metadata?: Pick<Generation['metadata'], 'failure'> },
): string | null {
  const reasons = g.metadata?.failure ?? []
  if (reasons.length && reasons.every((r) => KNOWN.has(r.id)))
    return reasons.map((r) => reasonText(t, r)).join(' ')
  const english = g.error?.trim()
  // English words are isolated so they read right inside an Arabic sentence
  return english ? isolate(english) : null
}

/**
 * The engine's own reason for a failure, under the failure notice (docs/product.md#errors-generation), e.g.
 * "Please select an area with the lasso tool…", so the user learns what to change rather than a generic hint.
 * Nothing for a cancellation or a failure without words.
 */
export function FailureReason({
  generation: g,
  className,
}: {
  generation: Pick<Generation, 'error' | 'errorCode'> & { metadata?: Pick<Generation['metadata'], 'failure'> }
  className?: string
}) {
  const { t } = useTranslation(['create', 'chat'])
  if (g.errorCode === 'cancelled') return null
  const reason = failureText(t as T, g)
  if (!reason) return null
  return (
    <p className={cn('text-[13px] text-fg', className)} data-testid="failure-reason" dir="auto">
      {t('failure.reason', { reason })}
    </p>
  )
}
