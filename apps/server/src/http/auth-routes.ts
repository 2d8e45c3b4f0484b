import {
  AuthProvidersResponse,
  AuthResponse,
  OkResponse,
  SessionResponse,
  SignInRequest,
  SignUpRequest,
} from '@parti/contract'
import { toProfile } from '../auth/profile.ts'
import { signIn, signUp } from '../auth/service.ts'
import { deleteSession } from '../auth/sessions.ts'
import type { AppContext } from '../context.ts'
import { findUserById } from '../db/repos/users.ts'
import { AppError } from '../domain/errors.ts'
import { clearSessionCookie, currentUser, setSessionCookie, tokenOf } from './auth.ts'
import type { Api } from './types.ts'

// Brute-force guard (docs/decisions/0086-rate-limits-shared.md), counted by every API process together:
// twenty password attempts a minute per address whatever the accounts, and ten in fifteen minutes per account
// whatever the addresses; sign-ups per address.
const SIGN_IN_PER_ADDRESS = { max: 20, timeWindow: '1 minute' }
const SIGN_IN_PER_ACCOUNT = { max: 10, windowMs: 15 * 60_000 }
const accountKey = (email: string) => `sign-in:${email.trim().toLowerCase()}`
const SIGN_UP_LIMIT = { max: 30, timeWindow: '1 minute' }

export function authRoutes(app: Api, ctx: AppContext): void {
  const secure = ctx.config.publicUrl.startsWith('https://')
  const ttl = ctx.config.SESSION_TTL_DAYS

  app.post(
    '/auth/sign-up',
    {
      schema: {
        operationId: 'signUp',
        summary: 'Create an account with e-mail and password; answers a session token',
        tags: ['auth'],
        body: SignUpRequest,
        response: { 201: AuthResponse },
      },
      config: { rateLimit: SIGN_UP_LIMIT },
    },
    async (req, reply) => {
      const { token, user } = await signUp(ctx.database.db, ctx.auth, {
        ...req.body,
        userAgent: req.headers['user-agent'] ?? null,
      })
      setSessionCookie(reply, token, secure, ttl)
      return reply.status(201).send({ token, user: toProfile(user) })
    },
  )

  app.post(
    '/auth/sign-in',
    {
      schema: {
        operationId: 'signIn',
        summary: 'Sign in with e-mail and password; answers a session token',
        tags: ['auth'],
        body: SignInRequest,
        response: { 200: AuthResponse },
      },
      config: { rateLimit: SIGN_IN_PER_ADDRESS },
      // after body parsing, so the key can name the account; a second count beside the route's own limit, of
      // the failed attempts only (the handler counts them): signing in often is not an attack
      preHandler: async (req, reply) => {
        const { count, ttlMs } = await app.attempts.peek(accountKey(req.body.email))
        if (count < SIGN_IN_PER_ACCOUNT.max) return
        reply.header('retry-after', String(Math.ceil(ttlMs / 1000)))
        throw new AppError('rate_limited', 'Too many attempts. Please wait a moment and try again.')
      },
    },
    async (req, reply) => {
      let signedIn: Awaited<ReturnType<typeof signIn>>
      try {
        signedIn = await signIn(ctx.database.db, ctx.auth, {
          ...req.body,
          userAgent: req.headers['user-agent'] ?? null,
        })
      } catch (err) {
        if (
          err instanceof AppError &&
          (err.code === 'invalid_credentials' || err.code === 'provider_sign_in')
        )
          await app.attempts.hit(accountKey(req.body.email), SIGN_IN_PER_ACCOUNT.windowMs)
        throw err
      }
      const { token, user } = signedIn
      setSessionCookie(reply, token, secure, ttl)
      return { token, user: toProfile(user) }
    },
  )

  app.post(
    '/auth/sign-out',
    {
      schema: {
        operationId: 'signOut',
        summary: 'End this session (an API key is never ended by signing out)',
        tags: ['auth'],
        response: { 200: OkResponse },
      },
    },
    async (req, reply) => {
      const token = tokenOf(req)
      if (token) await deleteSession(ctx.database.db, token)
      clearSessionCookie(reply, secure)
      return { success: true as const }
    },
  )

  // the web's session check: a signed-out visitor is an answer, not a failure (no 401 in every public page's
  // console); the profile call itself still answers 401 (docs/product.md#api-auth)
  app.get(
    '/auth/session',
    {
      schema: {
        operationId: 'getSession',
        tags: ['auth'],
        summary: 'The signed-in user, or null for a visitor',
        security: [],
        response: { 200: SessionResponse },
      },
    },
    async (req) => {
      const session = await currentUser(ctx.database.db, req)
      const user = session ? await findUserById(ctx.database.db, session.userId) : null
      return { user: user ? toProfile(user) : null }
    },
  )

  app.get(
    '/auth/providers',
    {
      schema: {
        operationId: 'listSignInProviders',
        summary: 'Which ways to sign in and sign up are open',
        tags: ['auth'],
        response: { 200: AuthProvidersResponse },
      },
    },
    // config.ts has checked that a provider with a client id has all of its settings (docs/sign-in.md)
    // in a demo (docs/product.md#demo-mode) no way in is offered
    async () => {
      const demo = ctx.config.DEMO_MODE
      return {
        password: !demo,
        google: !demo && Boolean(ctx.config.GOOGLE_CLIENT_ID),
        apple: !demo && Boolean(ctx.config.APPLE_CLIENT_ID),
        signUp: !demo && ctx.config.ALLOW_SIGN_UP,
        demo,
      }
    },
  )
}
