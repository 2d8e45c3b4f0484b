import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { signInWithIdentity } from '../auth/oidc/accounts.ts'
import { classifySignInError, fromProviderError, SignInError } from '../auth/oidc/errors.ts'
import { appleUserName, identityFromClaims } from '../auth/oidc/identity.ts'
import { safeReturnTo, withParam } from '../auth/oidc/return-to.ts'
import { SIGN_IN_PROVIDERS, type SignInProviderId } from '../auth/oidc/settings.ts'
import { STATE_TTL_MS, savePendingSignIn, takePendingSignIn } from '../auth/oidc/states.ts'
import type { AppContext } from '../context.ts'
import { setSessionCookie } from './auth.ts'
import type { Api, ApiServices } from './types.ts'

const StartQuery = z.object({ returnTo: z.string().max(1000).optional() })

/** The authorization response (Google: query; Apple: form POST). Other parameters are ignored. */
const CallbackParams = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  /** Apple, first sign-in only: {"name":{"firstName","lastName"},"email"} */
  user: z.string().max(4096).optional(),
})
type CallbackParams = z.infer<typeof CallbackParams>

// each start writes a pending sign-in row: bound it per address
const START_LIMIT = { max: 30, timeWindow: '1 minute' }

/**
 * Sign in with Google and Apple (docs/sign-in.md): GET /auth/{provider} starts, the provider comes back to
 * GET /auth/google/callback or POST /auth/apple/callback (Apple's form_post), and the browser lands on
 * `returnTo` signed in, or on `/?authError=<code>&provider=<id>` (the messages of
 * docs/product.md#errors-sign-in, on the public header).
 */
export function oidcRoutes(app: Api, ctx: AppContext, { signIn: clients }: ApiServices): void {
  const secure = ctx.config.publicUrl.startsWith('https://')
  const log = ctx.log.child({ component: 'sign-in' })

  // The pending sign-in is also tied to the browser that started it (login CSRF: a victim must not finish
  // an attacker's sign-in). Google's return is a top-level GET, which carries a SameSite=Lax cookie; Apple's
  // cross-site POST carries only a SameSite=None cookie, which browsers keep for https sites only.
  const bindingCookie = (provider: SignInProviderId) => `parti_oidc_${provider}`
  const bindingRequired = (provider: SignInProviderId) => provider === 'google' || secure
  const cookieOptions = (provider: SignInProviderId) => ({
    httpOnly: true,
    secure,
    sameSite: provider === 'apple' && secure ? ('none' as const) : ('lax' as const),
    path: '/api/auth',
  })

  const failure = (reply: FastifyReply, provider: SignInProviderId, error: SignInError) => {
    const level = error.code === 'cancelled' || error.code === 'not_enabled' ? 'info' : 'warn'
    log[level]({ provider, code: error.code, reason: error.reason }, 'sign-in did not complete')
    const params = new URLSearchParams({ authError: error.code, provider })
    if (error.providerError) params.set('reason', error.providerError)
    reply.clearCookie(bindingCookie(provider), cookieOptions(provider))
    return reply.redirect(`/?${params}`, 303)
  }

  async function start(provider: SignInProviderId, req: FastifyRequest, reply: FastifyReply) {
    const client = ctx.config.DEMO_MODE ? undefined : clients[provider]
    if (!client)
      return failure(reply, provider, new SignInError('not_enabled', `${provider} is not configured`))
    try {
      const { url, pending } = await client.start(safeReturnTo((req.query as { returnTo?: string }).returnTo))
      await savePendingSignIn(ctx.database.db, pending)
      reply.setCookie(bindingCookie(provider), pending.state, {
        ...cookieOptions(provider),
        maxAge: STATE_TTL_MS / 1000,
      })
      return reply.redirect(url.href, 302)
    } catch (err) {
      return failure(reply, provider, classifySignInError(err, 'discovery'))
    }
  }

  async function finish(
    provider: SignInProviderId,
    answer: CallbackParams,
    req: FastifyRequest,
    reply: FastifyReply,
  ) {
    const client = clients[provider]
    if (!client)
      return failure(reply, provider, new SignInError('not_enabled', `${provider} is not configured`))
    try {
      if (!answer.state) throw new SignInError('failed', 'callback without state')
      const pending = await takePendingSignIn(ctx.database.db, answer.state, provider)
      const bound = req.cookies[bindingCookie(provider)]
      if (bound ? bound !== pending.state : bindingRequired(provider)) {
        throw new SignInError('failed', 'the sign-in was started in another browser')
      }
      if (answer.error) throw fromProviderError(answer.error, answer.error_description)
      if (!answer.code) throw new SignInError('failed', 'callback without code')
      const claims = await client.finish(
        new URLSearchParams(Object.entries(answer).filter((e): e is [string, string] => e[1] !== undefined)),
        pending,
      )
      const identity = identityFromClaims(provider, claims, { name: appleUserName(answer.user) })
      const { token, user, outcome } = await signInWithIdentity(
        ctx.database.db,
        ctx.auth,
        identity,
        req.headers['user-agent'] ?? null,
      )
      log.info({ provider, userId: user.id, outcome }, 'signed in')
      setSessionCookie(reply, token, secure, ctx.config.SESSION_TTL_DAYS)
      reply.clearCookie(bindingCookie(provider), cookieOptions(provider))
      return reply.redirect(withParam(pending.returnTo, 'signedIn', provider), 303)
    } catch (err) {
      return failure(reply, provider, classifySignInError(err, 'callback'))
    }
  }

  for (const provider of SIGN_IN_PROVIDERS) {
    app.get(
      `/auth/${provider}`,
      {
        schema: {
          operationId: `signInWith${provider === 'google' ? 'Google' : 'Apple'}`,
          otherResponses: { 303: { description: 'To the provider’s sign-in page' } },
          tags: ['auth'],
          summary: `Start signing in with ${provider === 'google' ? 'Google' : 'Apple'} (redirects)`,
          querystring: StartQuery,
        },
        config: { rateLimit: START_LIMIT },
      },
      (req, reply) => start(provider, req, reply),
    )
  }

  app.get(
    '/auth/google/callback',
    {
      schema: {
        operationId: 'googleSignInCallback',
        otherResponses: { 303: { description: 'Back to the app, signed in or with the reason it failed' } },
        tags: ['auth'],
        summary: "Google's return (redirects)",
        querystring: CallbackParams,
      },
    },
    (req, reply) => finish('google', req.query, req, reply),
  )

  // Apple answers with a form POST; urlencoded bodies are parsed in this scope only
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/auth/apple/callback',
      {
        schema: {
          operationId: 'appleSignInCallback',
          otherResponses: { 303: { description: 'Back to the app, signed in or with the reason it failed' } },
          tags: ['auth'],
          summary: "Apple's return, a form POST (redirects)",
          body: CallbackParams,
        },
      },
      (req, reply) => finish('apple', req.body, req, reply),
    )
  })
}
