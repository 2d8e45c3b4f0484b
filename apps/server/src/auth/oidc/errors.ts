/**
 * What the browser is told when a sign-in with Google or Apple fails: `/?authError=<code>`
 * (docs/product.md#errors-sign-in; the web shows the catalogue text for the code). The reason is for the log
 * only.
 */
const SIGN_IN_ERROR_CODES = ['not_enabled', 'not_configured', 'cancelled', 'network', 'failed'] as const
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number]

/**
 * OAuth error codes a provider may send back (RFC 6749 §4.1.2.1 and §5.2, Apple's user_cancelled_authorize).
 * Only these are passed on to the browser (docs/product.md#errors-sign-in: Apple's failures show the
 * provider's message), so the address can never carry text an attacker wrote.
 */
const PROVIDER_ERRORS = new Set([
  'access_denied',
  'user_cancelled_authorize',
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'invalid_scope',
  'unauthorized_client',
  'unsupported_response_type',
  'unsupported_grant_type',
  'server_error',
  'temporarily_unavailable',
])

export class SignInError extends Error {
  override name = 'SignInError'
  constructor(
    readonly code: SignInErrorCode,
    readonly reason: string,
    /** the provider's own OAuth error code, when it sent one */
    readonly providerError: string | null = null,
  ) {
    super(`${code}: ${reason}`)
  }
}

/** The provider's error in an authorization or token response, as one of our codes. */
export function fromProviderError(error: string, description?: string | null): SignInError {
  const providerError = PROVIDER_ERRORS.has(error) ? error : null
  if (error === 'access_denied' || error === 'user_cancelled_authorize') {
    return new SignInError('cancelled', error, providerError)
  }
  if (error === 'invalid_client' || error === 'unauthorized_client') {
    return new SignInError('not_configured', `${error}: ${description ?? ''}`, providerError)
  }
  return new SignInError('failed', `${error}: ${description ?? ''}`, providerError)
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_SOCKET',
])

function isNetworkFailure(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown }
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true
    if (name === 'TimeoutError' || name === 'AbortError') return true
    if (name === 'TypeError' && message === 'fetch failed') return true
  }
  return false
}

/**
 * Any failure during a sign-in as one of our codes: our own SignInError as is; an OAuth error answer from the
 * token endpoint by its `error`; the provider unreachable as network; everything else (a bad id token,
 * a nonce or audience mismatch…) as failed.
 */
export function classifySignInError(err: unknown, during: 'discovery' | 'callback'): SignInError {
  if (err instanceof SignInError) return err
  if (isNetworkFailure(err)) return new SignInError('network', describe(err))
  const oauthError = (err as { error?: unknown }).error
  if (typeof oauthError === 'string') {
    return fromProviderError(oauthError, (err as { error_description?: string }).error_description)
  }
  // the issuer answered, but not with OpenID Connect metadata: the issuer setting is wrong
  if (during === 'discovery') return new SignInError('not_configured', describe(err))
  return new SignInError('failed', describe(err))
}

function describe(err: unknown): string {
  const parts: string[] = []
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    parts.push([code, message].filter((x) => typeof x === 'string').join(' '))
  }
  return parts.filter(Boolean).join(' <- ') || String(err)
}
