import {
  AcceptedResponse,
  AccountResponse,
  AccountTokenRequest,
  ChangeEmailRequest,
  ChangePasswordRequest,
  LanguageRequest,
  NotificationsRequest,
  OkResponse,
  PasswordResetConfirm,
  PasswordResetRequest,
} from '@parti/contract'
import type { FastifyRequest } from 'fastify'
import {
  accountInfo,
  changePassword,
  confirmEmailChange,
  requestEmailChange,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  setLanguage,
  setNotifications,
  signOutEverywhere,
  verifyEmail,
} from '../auth/account.ts'
import { hashTokenMemo } from '../auth/session-cache.ts'
import type { AppContext } from '../context.ts'
import { AppError } from '../domain/errors.ts'
import { clearSessionCookie, tokenOf } from './auth.ts'
import { authenticated } from './auth-scope.ts'
import type { Api } from './types.ts'

const emailOf = (req: FastifyRequest) => {
  const email = (req.body as { email?: unknown } | undefined)?.email
  return typeof email === 'string' ? email.trim().toLowerCase() : ''
}

/**
 * Mail to an address is limited per address and per client, so nobody can flood a mailbox or the outbox;
 * after body parsing, so the key can name the address (docs/product.md#account).
 */
const RESET_REQUEST_LIMIT = {
  max: 5,
  timeWindow: '15 minutes',
  hook: 'preHandler' as const,
  keyGenerator: (req: FastifyRequest) => `${req.ip}:${emailOf(req)}`,
}
/**
 * Beside it, two counts whatever the other half is (docs/decisions/0093-rate-limits-headers-and-logs.md): one
 * client asking for many mailboxes (20 in 15 minutes), and one mailbox asked for from many clients (10).
 */
const RESET_PER_CLIENT = { max: 20, windowMs: 15 * 60_000 }
const RESET_PER_MAILBOX = { max: 10, windowMs: 15 * 60_000 }
/** Guessing a 256-bit token is hopeless; this only keeps a script from hammering the link routes. */
const LINK_LIMIT = { max: 30, timeWindow: '1 minute' }
/** the signed-in calls count per session (the limit runs before the session is read: its token names it) */
const perSession = (req: FastifyRequest) => {
  const token = tokenOf(req)
  return `${req.ip}:${token ? hashTokenMemo(token) : ''}`
}
const ACCOUNT_MAIL_LIMIT = { max: 5, timeWindow: '15 minutes', keyGenerator: perSession }
/** Checking the current password is a password guess like a sign-in. */
const PASSWORD_CHECK_LIMIT = { max: 10, timeWindow: '1 minute', keyGenerator: perSession }

/**
 * The account calls of docs/product.md#account: password reset and the mailed links (public: the link is the
 * proof), and the signed-in account page's calls (browser session only, never an API key).
 */
export function accountRoutes(app: Api, ctx: AppContext): void {
  const db = ctx.database.db
  const secure = ctx.config.publicUrl.startsWith('https://')
  const tags = ['account']

  app.post(
    '/auth/password-reset',
    {
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Mail a link to set a new password (always answers 202)',
        tags,
        body: PasswordResetRequest,
        response: { 202: AcceptedResponse },
      },
      config: { rateLimit: RESET_REQUEST_LIMIT },
      preHandler: async (req, reply) => {
        const [client, mailbox] = await Promise.all([
          app.attempts.hit(`reset-from:${req.ip}`, RESET_PER_CLIENT.windowMs),
          app.attempts.hit(`reset-to:${emailOf(req)}`, RESET_PER_MAILBOX.windowMs),
        ])
        const over = [
          client.count > RESET_PER_CLIENT.max ? client.ttlMs : 0,
          mailbox.count > RESET_PER_MAILBOX.max ? mailbox.ttlMs : 0,
        ]
        if (!over.some(Boolean)) return
        reply.header('retry-after', String(Math.max(1, Math.ceil(Math.max(...over) / 1000))))
        throw new AppError('rate_limited', 'Too many attempts. Please wait a moment and try again.')
      },
    },
    async (req, reply) => {
      // a demo has no accounts to recover (docs/product.md#demo-mode)
      if (ctx.config.DEMO_MODE) throw new AppError('demo_mode')
      await requestPasswordReset(db, ctx.auth, req.body)
      return reply.status(202).send({ accepted: true as const })
    },
  )

  app.post(
    '/auth/password-reset/confirm',
    {
      schema: {
        operationId: 'resetPassword',
        summary: 'Set a new password with a mailed link; signs out every session',
        tags,
        body: PasswordResetConfirm,
        response: { 200: OkResponse },
      },
      config: { rateLimit: LINK_LIMIT },
    },
    async (req) => {
      await resetPassword(db, req.body)
      return { success: true as const }
    },
  )

  app.post(
    '/auth/verify-email',
    {
      schema: {
        operationId: 'verifyEmail',
        summary: 'Confirm the account address with a mailed link',
        tags,
        body: AccountTokenRequest,
        response: { 200: OkResponse },
      },
      config: { rateLimit: LINK_LIMIT },
    },
    async (req) => {
      await verifyEmail(db, req.body.token)
      return { success: true as const }
    },
  )

  app.post(
    '/auth/email-change/confirm',
    {
      schema: {
        operationId: 'confirmEmailChange',
        summary: 'Confirm a new address with the link mailed to it',
        tags,
        body: AccountTokenRequest,
        response: { 200: OkResponse },
      },
      config: { rateLimit: LINK_LIMIT },
    },
    async (req) => {
      await confirmEmailChange(db, req.body.token)
      return { success: true as const }
    },
  )

  authenticated(
    app,
    db,
    (api) => {
      api.get(
        '/account',
        {
          schema: {
            operationId: 'getAccount',
            summary: 'Your account: address, verification, password, sign-in methods',
            tags,
            response: { 200: AccountResponse },
          },
        },
        async (req) => ({
          account: await accountInfo(db, req.user.userId),
        }),
      )

      api.post(
        '/account/verify-email/resend',
        {
          schema: {
            operationId: 'resendVerification',
            summary: 'Mail the verification link again',
            tags,
            response: { 202: AcceptedResponse },
          },
          config: { rateLimit: ACCOUNT_MAIL_LIMIT },
        },
        async (req, reply) => {
          await resendVerification(db, ctx.auth, req.user.userId)
          return reply.status(202).send({ accepted: true as const })
        },
      )

      api.post(
        '/account/password',
        {
          schema: {
            operationId: 'changePassword',
            summary: 'Change your password (the current one is required)',
            tags,
            body: ChangePasswordRequest,
            response: { 200: OkResponse },
          },
          config: { rateLimit: PASSWORD_CHECK_LIMIT },
        },
        async (req) => {
          await changePassword(db, req.user, req.body)
          return { success: true as const }
        },
      )

      api.post(
        '/account/email',
        {
          schema: {
            operationId: 'changeEmail',
            summary: 'Change your address; confirmed by a link mailed to the new one',
            tags,
            body: ChangeEmailRequest,
            response: { 202: AcceptedResponse },
          },
          config: { rateLimit: ACCOUNT_MAIL_LIMIT },
        },
        async (req, reply) => {
          await requestEmailChange(db, ctx.auth, req.user.userId, req.body)
          return reply.status(202).send({ accepted: true as const })
        },
      )

      api.post(
        '/account/sign-out-everywhere',
        {
          schema: {
            operationId: 'signOutEverywhere',
            summary: 'End every session of the account (API keys keep working)',
            tags,
            response: { 200: OkResponse },
          },
        },
        async (req, reply) => {
          await signOutEverywhere(db, req.user.userId)
          clearSessionCookie(reply, secure)
          return { success: true as const }
        },
      )

      api.put(
        '/account/language',
        {
          schema: {
            operationId: 'setAccountLanguage',
            summary: 'The language mail is written in',
            tags,
            body: LanguageRequest,
            response: { 200: OkResponse },
          },
        },
        async (req) => {
          await setLanguage(db, req.user.userId, req.body.language)
          return { success: true as const }
        },
      )

      api.put(
        '/account/notifications',
        {
          schema: {
            operationId: 'setAccountNotifications',
            summary: 'Choose the optional mails: a video is ready',
            tags,
            body: NotificationsRequest,
            response: { 200: OkResponse },
          },
        },
        async (req) => {
          await setNotifications(db, req.user.userId, req.body)
          return { success: true as const }
        },
      )
    },
    { sessionOnly: true },
  )
}
