import {
  ALaCarteRequest,
  CheckoutSessionRequest,
  CheckoutSessionResponse,
  CheckoutStartResponse,
  IdParams,
  MessageResponse,
  PaymentsConfigResponse,
  PlanPurchaseRequest,
  PortalRequest,
  PortalResponse,
  SubscriptionActionResponse,
  SubscriptionIdParams,
  SubscriptionsResponse,
} from '@parti/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppContext } from '../context.ts'
import { AppError } from '../domain/errors.ts'
import { aLaCarteOrder, planPackOrder } from '../domain/pricing.ts'
import { authenticated } from './auth-scope.ts'
import { pageLanguage, testCheckoutRoutes } from './test-checkout-routes.ts'
import type { Api, ApiServices } from './types.ts'
import { PROVIDER_WEBHOOK_LIMIT } from './webhook-routes.ts'

const tags = ['payments']
/** starting checkouts: generous for a person, a wall for a script */
const CHECKOUT_LIMIT = { max: 30, timeWindow: '1 minute' }
const WEBHOOK_BODY_LIMIT = 1024 * 1024

/**
 * The payments calls of docs/product.md#api-payments (/payments/*, /user/subscriptions*,
 * /user/credits/purchase), Stripe's webhook, and the built-in test checkout's pages when it is the provider
 * (its billing clock runs in the runtime). Thin: the rules live in domain/, the work in payments/service.ts.
 */
export function paymentRoutes(app: Api, ctx: AppContext, { payments }: ApiServices): void {
  const db = ctx.database.db
  const { service } = payments
  const provider = service.provider
  // the test checkout's pages follow the app's language, which the API client sends in Accept-Language
  const localise = (url: string, req: FastifyRequest) =>
    url.startsWith('/api/payments/test-')
      ? `${url}${url.includes('?') ? '&' : '?'}lang=${pageLanguage(req)}`
      : url

  app.get(
    '/payments/config',
    {
      schema: {
        operationId: 'getPaymentsConfig',
        tags,
        summary: 'Which payment provider runs (test mode or live)',
        response: { 200: PaymentsConfigResponse },
      },
    },
    async () => ({
      provider: provider.id,
      testMode: provider.testMode,
      publishableKey: provider.publishableKey,
      currency: 'EUR' as const,
    }),
  )

  authenticated(
    app,
    db,
    (api) => {
      const startSubscription = async (req: FastifyRequest<{ Body: CheckoutSessionRequest }>) => {
        const started = await service.startSubscription(req.user.userId, req.body.plan, req.body.billingType)
        return { ...started, url: localise(started.url, req) }
      }
      const subscriptionDoc = {
        tags,
        description:
          'A checkout for a plan subscription. 409 conflict with details.reason same_plan (You already have this plan) or active_subscription (plan changes go through the billing portal).',
        body: CheckoutSessionRequest,
        response: { 200: CheckoutStartResponse },
      }
      api.post(
        '/payments/create-checkout-session',
        {
          schema: {
            ...subscriptionDoc,
            operationId: 'createCheckoutSession',
            summary: 'Start a checkout for a plan subscription',
          },
          config: { rateLimit: CHECKOUT_LIMIT },
        },
        startSubscription,
      )
      api.post(
        '/user/subscriptions/create',
        {
          schema: {
            ...subscriptionDoc,
            operationId: 'createSubscription',
            summary: 'Start a checkout for a plan subscription (same as createCheckoutSession)',
          },
          config: { rateLimit: CHECKOUT_LIMIT },
        },
        startSubscription,
      )

      api.post(
        '/payments/create-a-la-carte-payment',
        {
          schema: {
            operationId: 'createALaCartePayment',
            summary: 'Start a checkout for a credit pack',
            tags,
            description:
              'A one-off payment for credits: whole euros, at least 1; credits must be amount × 200.',
            body: ALaCarteRequest,
            response: { 200: CheckoutStartResponse },
          },
          config: { rateLimit: CHECKOUT_LIMIT },
        },
        async (req) => {
          const result = aLaCarteOrder(req.body.amount, req.body.credits)
          if (!result.ok) throw new AppError('validation_failed', result.message, { field: result.field })
          const started = await service.startPayment(req.user.userId, result.order)
          return { ...started, url: localise(started.url, req) }
        },
      )

      const buyPlanPack = async (req: FastifyRequest<{ Body: PlanPurchaseRequest }>) => {
        const started = await service.startPayment(req.user.userId, {
          ...planPackOrder(req.body.plan),
          plan: req.body.plan,
        })
        return { ...started, url: localise(started.url, req) }
      }
      const packDoc = {
        tags,
        description:
          "A one-off payment for one month of a plan's credits at its monthly price, without a subscription.",
        body: PlanPurchaseRequest,
        response: { 200: CheckoutStartResponse },
      }
      api.post(
        '/payments/create-payment-session',
        {
          schema: {
            ...packDoc,
            operationId: 'createPaymentSession',
            summary: 'Start a checkout for a credit pack by its pack id',
          },
          config: { rateLimit: CHECKOUT_LIMIT },
        },
        buyPlanPack,
      )
      api.post(
        '/user/credits/purchase',
        {
          schema: {
            ...packDoc,
            operationId: 'purchaseCredits',
            summary: 'Start a checkout for a credit pack (same as createPaymentSession)',
          },
          config: { rateLimit: CHECKOUT_LIMIT },
        },
        buyPlanPack,
      )

      api.get(
        '/payments/checkout-session/:id',
        {
          schema: {
            operationId: 'getCheckoutSession',
            summary: 'How a checkout ended',
            tags,
            params: IdParams,
            response: { 200: CheckoutSessionResponse },
          },
        },
        async (req) => {
          return { session: await service.checkoutSession(req.user.userId, req.params.id) }
        },
      )

      api.post(
        '/payments/create-portal-session',
        {
          schema: {
            operationId: 'createPortalSession',
            summary: 'Open the billing portal (plan changes, cards, invoices)',
            tags,
            description:
              'The billing portal. With the plan and period chosen on the pricing page, it opens on that change (the test portal preselects it; Stripe opens the subscription update page).',
            body: PortalRequest.optional(),
            response: { 200: PortalResponse },
          },
          config: { rateLimit: CHECKOUT_LIMIT },
        },
        async (req) => {
          const { url } = await service.portal(req.user.userId, req.body ?? {})
          return { url: localise(url, req) }
        },
      )

      api.post(
        '/payments/cancel-subscription',
        {
          schema: {
            operationId: 'cancelSubscription',
            summary: 'Cancel your subscription at the end of its period',
            tags,
            description: 'Cancel the current subscription at the end of its period.',
            response: { 200: MessageResponse },
          },
        },
        async (req) => {
          await service.cancel(req.user.userId)
          return { success: true as const, message: 'Subscription cancelled successfully' }
        },
      )

      api.get(
        '/user/subscriptions',
        {
          schema: {
            operationId: 'listSubscriptions',
            summary: 'Your subscriptions',
            tags,
            response: { 200: SubscriptionsResponse },
          },
        },
        async (req) => {
          return { subscriptions: await service.subscriptions(req.user.userId) }
        },
      )

      api.post(
        '/user/subscriptions/:id/cancel',
        {
          schema: {
            operationId: 'cancelSubscriptionById',
            summary: 'Cancel one subscription at the end of its period',
            tags,
            params: SubscriptionIdParams,
            response: { 200: SubscriptionActionResponse },
          },
        },
        async (req) => {
          const subscription = await service.cancel(req.user.userId, req.params.id)
          return { success: true as const, message: 'Subscription cancelled successfully', subscription }
        },
      )

      api.post(
        '/user/subscriptions/:id/renew',
        {
          schema: {
            operationId: 'renewSubscription',
            summary: 'Undo a cancellation: the subscription renews again',
            tags,
            params: SubscriptionIdParams,
            response: { 200: SubscriptionActionResponse },
          },
        },
        async (req) => {
          const subscription = await service.renew(req.user.userId, req.params.id)
          return {
            success: true as const,
            message: 'Your subscription will renew automatically',
            subscription,
          }
        },
      )
      // buying and cancelling are account calls: the browser session only (docs/product.md#api-keys)
    },
    { sessionOnly: true },
  )

  const webhook = payments.stripeWebhook
  if (webhook) {
    // its own scope: Stripe signs the exact bytes, so this body stays raw while JSON parsing elsewhere is untouched
    app.register(async (scope: FastifyInstance) => {
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_req, body, done) => done(null, body),
      )
      scope.post(
        '/webhooks/stripe',
        { schema: { hide: true }, config: { rateLimit: PROVIDER_WEBHOOK_LIMIT } },
        async (req, reply) => {
          const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
          const signature = req.headers['stripe-signature']
          const verdict = await webhook.receive(raw, Array.isArray(signature) ? signature[0] : signature)
          return reply.status(verdict.status).send(verdict.body)
        },
      )
    })
  }

  const local = payments.local
  if (local) {
    ctx.log.warn(
      'payments: the built-in TEST checkout is active (no real payments; set STRIPE_SECRET_KEY for Stripe)',
    )
    testCheckoutRoutes(app, ctx, local)
  }
}
