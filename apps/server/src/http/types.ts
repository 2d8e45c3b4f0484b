import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AccountDeletion } from '../account/deletion.ts'
import type { AccountExport } from '../account/export.ts'
import type { SignInClients } from '../auth/oidc/clients.ts'
import type { AppContext } from '../context.ts'
import type { EngineRouter } from '../engines/router.ts'
import type { EventHub } from '../events/hub.ts'
import type { GenerationService } from '../generations/service.ts'
import type { Payments } from '../payments/index.ts'

/** The Fastify instance route modules receive: zod schemas type the handlers. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>

/**
 * What the API's routes call, built once by the runtime (runtime.ts) with its caches and timers: a route
 * parses the request, calls one of these (or a stateless function with `ctx`), and shapes the answer.
 */
export interface ApiServices {
  generations: GenerationService
  /** the engines of this process's configuration: what each kind will do, for planning and for the screens */
  engines: EngineRouter
  payments: Payments
  /** this process's fan-out of user events to its SSE clients */
  hub: EventHub
  signIn: SignInClients
  /** the data rights: the export (one at a time per user) and the account's deletion */
  account: { export: AccountExport; deletion: AccountDeletion }
}

/** A route module: registers its routes, secured ones inside `authenticated` (http/auth-scope.ts). */
export type RouteModule = (app: Api, ctx: AppContext, services: ApiServices) => void
