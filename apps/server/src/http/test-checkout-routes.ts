import { LANGUAGES, type Language, PlanName, SubscriptionType } from '@parti/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../context.ts'
import { AppError } from '../domain/errors.ts'
import { currentSubscription } from '../domain/subscriptions.ts'
import { PAGE_TEXT } from '../payments/local/page-text.ts'
import { checkoutPage, PAGE_CSP, portalPage } from '../payments/local/pages.ts'
import type { LocalPaymentProvider, PortalAction, TestOutcome } from '../payments/local/provider.ts'
import { findCheckout, toFacts, userSubscriptions } from '../payments/repo.ts'
import { sessionUser } from './auth.ts'
import type { Api } from './types.ts'

const isLanguageCode = (s: string): s is Language => (LANGUAGES as readonly string[]).includes(s)
const OUTCOMES = new Set<TestOutcome>(['paid', 'pending', 'cancelled'])
const DONE = {
  cancel: 'doneCancelled',
  renew: 'doneRenewed',
  change: 'doneChanged',
  advance: 'doneAdvanced',
} as const

/** The page's language: ?lang= (the app adds the UI language), else the browser's, else English. */
export function pageLanguage(req: FastifyRequest): Language {
  const q = (req.query as { lang?: string } | undefined)?.lang
  if (q && isLanguageCode(q)) return q
  for (const part of (req.headers['accept-language'] ?? '').split(',')) {
    const base = part.trim().split(/[-_;]/)[0]?.toLowerCase()
    if (base && isLanguageCode(base)) return base
  }
  return 'en'
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(body)
}

const isConflict = (err: unknown): err is AppError => err instanceof AppError && err.code === 'conflict'

/**
 * The built-in test checkout's pages (payments/local/): GET shows a checkout or the billing portal, POST is a
 * button. Only the signed-in owner sees a checkout (its session cookie goes with these same-origin requests).
 * Mounted only while the test checkout is the provider.
 */
export function testCheckoutRoutes(app: Api, ctx: AppContext, local: LocalPaymentProvider): void {
  const db = ctx.database.db
  app.register(async (scope: FastifyInstance) => {
    // the pages post plain HTML forms
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )

    const showCheckout = async (
      req: FastifyRequest,
      reply: FastifyReply,
      error: string | null,
      status = 200,
    ) => {
      const lang = pageLanguage(req)
      const { id } = req.params as { id: string }
      const user = await sessionUser(db, req)
      const row = user ? await findCheckout(db, id) : null
      const mine = row && user && row.userId === user.userId && row.provider === 'local' ? row : null
      const failed = mine ? await local.failed(mine.id) : false
      const page = checkoutPage({
        lang,
        session: mine,
        failed,
        email: user?.email ?? '',
        action: req.url,
        error,
      })
      return html(reply, mine ? status : 404, page)
    }

    scope.get('/payments/test-checkout/:id', { schema: { hide: true } }, (req, reply) =>
      showCheckout(req, reply, null),
    )

    scope.post('/payments/test-checkout/:id', { schema: { hide: true } }, async (req, reply) => {
      const { id } = req.params as { id: string }
      const outcome = (req.body as { outcome?: string } | undefined)?.outcome as TestOutcome
      const user = await sessionUser(db, req)
      if (!user || !OUTCOMES.has(outcome)) return showCheckout(req, reply, null)
      let result: TestOutcome
      try {
        result = await local.complete(id, user.userId, outcome)
      } catch (err) {
        if (isConflict(err))
          return showCheckout(req, reply, PAGE_TEXT[pageLanguage(req)].activeSubscription, 409)
        if (err instanceof AppError && err.code === 'not_found') return showCheckout(req, reply, null)
        throw err
      }
      const row = await findCheckout(db, id)
      const type = row?.mode === 'subscription' ? 'subscription' : 'one-time'
      // back to the app exactly as a provider's success_url and cancel_url would send the customer
      // (docs/product.md#checkout-return)
      const target =
        result === 'cancelled'
          ? `/pricing?canceled=true&type=${type}`
          : `/pricing?session_id=${encodeURIComponent(id)}&success=true&type=${type}`
      return reply.redirect(target, 303)
    })

    const showPortal = async (
      req: FastifyRequest,
      reply: FastifyReply,
      flash: { notice?: string | null; error?: string | null },
      status = 200,
      chosen: { plan: PlanName; billingType: SubscriptionType } | null = null,
    ) => {
      const lang = pageLanguage(req)
      const user = await sessionUser(db, req)
      if (!user) return html(reply, 404, checkoutPage({ lang, session: null, email: '', action: req.url }))
      const now = new Date()
      const rows = await userSubscriptions(db, user.userId)
      const current = currentSubscription(rows.map(toFacts), now)
      const subscription = current ? (rows.find((r) => r.id === current.id) ?? null) : null
      const action = `/api/payments/test-portal?lang=${lang}`
      return html(
        reply,
        status,
        portalPage({ lang, subscription, email: user.email, action, now, chosen, ...flash }),
      )
    }

    scope.get('/payments/test-portal', { schema: { hide: true } }, (req, reply) => {
      const done = (req.query as { done?: string }).done as keyof typeof DONE | undefined
      const key = done && done in DONE ? DONE[done] : null
      // the plan and period chosen on the pricing page, preselected (create-portal-session with a plan)
      const chosen = planChoice((req.query as { plan?: string }).plan)
      return showPortal(req, reply, { notice: key ? PAGE_TEXT[pageLanguage(req)][key] : null }, 200, chosen)
    })

    scope.post('/payments/test-portal', { schema: { hide: true } }, async (req, reply) => {
      const user = await sessionUser(db, req)
      const request = portalAction(req.body)
      if (!user || !request) return showPortal(req, reply, {}, user ? 400 : 404)
      try {
        await local.portal(user.userId, request)
      } catch (err) {
        if (isConflict(err)) return showPortal(req, reply, { error: err.message }, 409)
        throw err
      }
      return reply.redirect(`/api/payments/test-portal?lang=${pageLanguage(req)}&done=${request.action}`, 303)
    })
  })
}

function planChoice(value: string | undefined): { plan: PlanName; billingType: SubscriptionType } | null {
  const [plan, billing] = (value ?? '').split(':')
  const p = PlanName.safeParse(plan)
  const t = SubscriptionType.safeParse(billing)
  return p.success && t.success ? { plan: p.data, billingType: t.data } : null
}

function portalAction(body: unknown): PortalAction | null {
  const b = (body ?? {}) as { action?: string; plan?: string; period?: string }
  if (b.action === 'cancel' || b.action === 'renew') return { action: b.action }
  if (b.action === 'advance') {
    const period = Number(b.period)
    return Number.isFinite(period) && b.period ? { action: 'advance', period } : { action: 'advance' }
  }
  if (b.action === 'change') {
    const choice = planChoice(b.plan)
    if (choice) return { action: 'change', ...choice }
  }
  return null
}
