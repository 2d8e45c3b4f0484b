import type { ErrorCode } from '@parti/contract'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { InsufficientVariant } from './InsufficientCreditsDialog'

/**
 * Why Generate cannot run yet (InvokeAI's readiness habit): each screen has one pure function that lists the
 * reasons, tested beside it, and the list is shown next to the button. A missing input names the field it
 * belongs to and uses its message in docs/product.md#validation; a short balance carries the figures of the
 * message in docs/product.md#errors-insufficient-credits.
 */
export type Reason =
  | { code: Exclude<ErrorCode, 'insufficient_credits'>; field: string }
  | { code: 'insufficient_credits'; required: number; available: number }

export function creditsReason(required: number, available: number): Reason[] {
  return available < required ? [{ code: 'insufficient_credits', required, available }] : []
}

/** The reason shown for a field, if any. */
function reasonFor(reasons: readonly Reason[], field: string): Reason | undefined {
  return reasons.find((r) => r.code !== 'insufficient_credits' && r.field === field)
}

const INSUFFICIENT_KEY = {
  default: 'app:messages.generation.insufficientCredits',
  inpaint: 'app:messages.generation.insufficientInpaint',
  magicEdit: 'app:messages.generation.insufficientMagicEdit',
  animate: 'app:messages.generation.insufficientAnimate',
  video: 'app:messages.generation.insufficientVideo',
} as const satisfies Record<InsufficientVariant, string>

/**
 * The words of a reason in the UI language: the message of docs/product.md#validation, or the credits message
 * of docs/product.md#errors-insufficient-credits.
 */
export function useReasonText() {
  const { t } = useTranslation(['translation', 'app'])
  return useCallback(
    (reason: Reason, variant: InsufficientVariant = 'default'): string =>
      reason.code === 'insufficient_credits'
        ? t(INSUFFICIENT_KEY[variant], { required: reason.required })
        : t(`translation:errors.${reason.code}`),
    [t],
  )
}

/**
 * A field's message for a creation screen: its readiness reason once Generate was pressed with it missing,
 * otherwise the server's validation message when it named this field (or one of its aliases).
 */
export function useFieldError(
  reasons: readonly Reason[],
  showErrors: boolean,
  server: { field: string; text: string } | null,
) {
  const reasonText = useReasonText()
  return (field: string, aliases: readonly string[] = []): string | null => {
    const reason = showErrors ? reasonFor(reasons, field) : undefined
    if (reason) return reasonText(reason)
    return server && (server.field === field || aliases.includes(server.field)) ? server.text : null
  }
}
