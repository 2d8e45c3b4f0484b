import { z } from 'zod'

// A user's data rights (docs/product.md#data-rights): a copy of everything as one zip, and deleting the account
// with everything in it (docs/decisions/0072-account-deletion-reauthentication.md,
// docs/decisions/0073-account-deletion-order.md, docs/decisions/0074-streamed-export.md).

/** An account without a password proves it is its owner by a sign-in this recent before deleting itself. */
export const RECENT_SIGN_IN_MS = 10 * 60_000

/** Why a deletion was refused, in `error.details.reason`, so the page can say what to do. */
export const ACCOUNT_DELETION_REFUSALS = [
  /** the password sent is not the account's (403) */
  'wrong_password',
  /** a password account sent none (400) */
  'password_required',
  /** an account without a password last signed in too long ago: sign in again first (403) */
  'sign_in_again',
  /** the payment provider did not confirm the subscription's cancellation: nothing was deleted (503) */
  'subscription_not_cancelled',
] as const
export type AccountDeletionRefusal = (typeof ACCOUNT_DELETION_REFUSALS)[number]

export const DeleteAccountRequest = z.object({
  /** the current password; accounts that have none leave it out */
  password: z.string().max(200).optional(),
})
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>

/** `parti-export-YYYY-MM-DD.zip`, the day in UTC. */
export const exportFileName = (at: Date): string => `parti-export-${at.toISOString().slice(0, 10)}.zip`
