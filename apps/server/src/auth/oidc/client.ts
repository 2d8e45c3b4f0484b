import { SignJWT } from 'jose'
import * as oidc from 'openid-client'
import { classifySignInError, SignInError } from './errors.ts'
import type { AppleSettings, ProviderSettings, SignInProviderId } from './settings.ts'
import type { PendingSignIn } from './states.ts'

/** What a verified id token says about the person (claims beyond these are not used). */
export interface IdTokenClaims {
  sub: string
  email?: unknown
  email_verified?: unknown
  name?: unknown
  picture?: unknown
  [claim: string]: unknown
}

export interface StartedSignIn {
  url: URL
  pending: PendingSignIn
}

const SCOPES: Record<SignInProviderId, string> = {
  google: 'openid email profile',
  // Apple: asking for name and email makes Apple answer with a form POST (response_mode=form_post)
  apple: 'openid name email',
}

/** http is allowed only for an issuer on this machine: the loopback provider of the tests. */
function isLoopbackHttp(issuer: string): boolean {
  const u = new URL(issuer)
  return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)
}

/**
 * One OpenID Connect relying party (openid-client, a certified implementation): discovery on first use,
 * authorization code + PKCE (S256) + state + nonce, and an id token checked for its signature against the
 * issuer's JWKS, its issuer, audience, expiry and nonce.
 */
export class SignInClient {
  private config: Promise<oidc.Configuration> | null = null
  private appleSecret: { jwt: string; renewAt: number } | null = null

  constructor(
    readonly settings: ProviderSettings,
    readonly redirectUri: string,
  ) {}

  get id(): SignInProviderId {
    return this.settings.id
  }

  async start(returnTo: string): Promise<StartedSignIn> {
    const config = await this.configuration()
    const codeVerifier = oidc.randomPKCECodeVerifier()
    const pending: PendingSignIn = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier,
      provider: this.id,
      returnTo,
    }
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: SCOPES[this.id],
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    }
    if (this.id === 'apple') params.response_mode = 'form_post'
    return { url: oidc.buildAuthorizationUrl(config, params), pending }
  }

  /** Exchange the code (the provider's answer: code, state, iss) and return the verified id token's claims. */
  async finish(answer: URLSearchParams, pending: PendingSignIn): Promise<IdTokenClaims> {
    const config = await this.configuration()
    try {
      if (this.settings.id === 'apple') await this.renewAppleSecret(this.settings)
      // the redirect URI we registered, with only the parameters of the authorization response: the token
      // request must name the same redirect_uri, whatever host or proxy the callback came through
      const current = new URL(this.redirectUri)
      for (const key of ['code', 'state', 'iss']) {
        const value = answer.get(key)
        if (value !== null) current.searchParams.set(key, value)
      }
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      })
      const claims = tokens.claims()
      if (!claims) throw new SignInError('failed', 'no id token in the token response')
      return claims as IdTokenClaims
    } catch (err) {
      throw classifySignInError(err, 'callback')
    }
  }

  private configuration(): Promise<oidc.Configuration> {
    if (!this.config) {
      this.config = this.discover().catch((err) => {
        this.config = null // try again at the next sign-in: the issuer may have been unreachable for a moment
        throw classifySignInError(err, 'discovery')
      })
    }
    return this.config
  }

  private discover(): Promise<oidc.Configuration> {
    const s = this.settings
    const execute = [oidc.enableNonRepudiationChecks]
    if (isLoopbackHttp(s.issuer)) execute.push(oidc.allowInsecureRequests)
    const options = { execute, timeout: 10 }
    if (s.id === 'google') {
      return oidc.discovery(
        new URL(s.issuer),
        s.clientId,
        { client_secret: s.clientSecret },
        oidc.ClientSecretPost(s.clientSecret),
        options,
      )
    }
    // Apple's client secret is a short-lived JWT, renewed before each token request (see renewAppleSecret)
    const appleAuth: oidc.ClientAuth = (_as, client, body) => {
      body.set('client_id', client.client_id)
      body.set('client_secret', this.appleSecret?.jwt ?? '')
    }
    return oidc.discovery(new URL(s.issuer), s.clientId, {}, appleAuth, options)
  }

  /**
   * Sign in with Apple's client secret: an ES256 JWT signed with the team's .p8 key, issued by the team, about
   * the Services ID, for Apple (https://appleid.apple.com). Apple accepts up to six months; ours live ten
   * minutes and are renewed when less than two remain.
   */
  private async renewAppleSecret(s: AppleSettings): Promise<void> {
    const now = Math.floor(Date.now() / 1000)
    if (this.appleSecret && this.appleSecret.renewAt > now) return
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: s.keyId })
      .setIssuer(s.teamId)
      .setSubject(s.clientId)
      .setAudience(s.issuer.replace(/\/$/, ''))
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(s.privateKey)
    this.appleSecret = { jwt, renewAt: now + 480 }
  }
}
