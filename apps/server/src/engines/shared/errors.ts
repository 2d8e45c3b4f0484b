import { FAILURES, type FailureReason, STEP_NAMES, STEPS } from '@parti/contract'
import { EngineError, type EngineTaskKind } from '../types.ts'
import { ProviderHttpError } from './http.ts'

/** What the user reads when a hosted engine fails a step for good (the contract's STEPS). */
export const FAILURE_MESSAGES = Object.fromEntries(
  STEP_NAMES.map((s) => [s, { id: STEPS[s].failure }]),
) as Record<EngineTaskKind, FailureReason>

/** docs/product.md#errors-chat: a provider's content filter said no. */
const REFUSED: FailureReason = { id: 'refused' }
export const REFUSED_MESSAGE: string = FAILURES.refused

/** Words providers use when a safety filter refuses a request or a result. */
const REFUSAL = /nsfw|safety|sensitive|flagged|moderat|content[ _]polic|prohibited|blocked|inappropriate/i

export function looksRefused(text: string): boolean {
  return REFUSAL.test(text)
}

/** Keys never reach a log line or a user: replace every configured secret that appears in provider text. */
export function redact(text: string, secrets: Array<string | undefined>): string {
  let out = text
  for (const s of secrets) if (s && s.length >= 6) out = out.split(s).join('[redacted]')
  return out
}

export function providerFailed(kind: EngineTaskKind, detail: string, cause?: unknown): EngineError {
  return new EngineError('provider_failed', FAILURE_MESSAGES[kind], { detail, cause })
}

/**
 * A refusal by the provider's safety filter, of the request or of its result (a flagged output is never
 * stored): the refusal text of docs/product.md#errors-chat for every kind, since "try another prompt" is what
 * the user can do about it whatever the feature. Not retried; the job's credits are released.
 */
export function refused(kind: EngineTaskKind, detail: string): EngineError {
  void kind
  return new EngineError('provider_failed', REFUSED, { detail })
}

export function timedOut(kind: EngineTaskKind, detail: string): EngineError {
  return new EngineError('timeout', FAILURE_MESSAGES[kind], { detail })
}

export function cancelled(detail = 'cancelled'): EngineError {
  return new EngineError('cancelled', { id: 'cancelled' }, { detail })
}

/**
 * Any failure inside an adapter as the EngineError the worker acts on: EngineErrors pass through, HTTP errors
 * become provider_failed (retries already happened inside providerFetch) or a refusal, and the raw provider
 * text stays in the detail (the server log), never in the user's message.
 */
export function toEngineError(
  kind: EngineTaskKind,
  provider: string,
  err: unknown,
  secrets: Array<string | undefined> = [],
): EngineError {
  if (err instanceof EngineError) return err
  if (err instanceof ProviderHttpError) {
    const detail = redact(`${provider}: ${err.message}`, secrets)
    if ((err.status === 400 || err.status === 422) && looksRefused(err.body)) return refused(kind, detail)
    if (err.status === 401 || err.status === 403)
      return providerFailed(kind, `${detail} (check the ${provider} key)`)
    return providerFailed(kind, detail, err)
  }
  const message = err instanceof Error ? err.message : String(err)
  return providerFailed(kind, redact(`${provider}: ${message}`, secrets), err)
}
