import type { FailureId } from '@parti/contract'
import { EngineError } from '../types.ts'

/** A user-facing refusal of the input: the job fails and is refunded, never retried. */
export function invalidInput(
  id: FailureId,
  params?: Record<string, string | number>,
  detail?: string,
): EngineError {
  return new EngineError('invalid_input', params ? { id, params } : { id }, detail ? { detail } : undefined)
}

export function cancelled(): EngineError {
  return new EngineError('cancelled', { id: 'cancelled' })
}

/** Checked between steps so an aborted job stops at the next boundary instead of finishing its work. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw cancelled()
}
