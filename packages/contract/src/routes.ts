import { z } from 'zod'
import {
  AcceptedResponse,
  AccountResponse,
  AccountTokenRequest,
  ChangeEmailRequest,
  ChangePasswordRequest,
  LanguageRequest,
  NotificationsRequest,
  OutboxMessageResponse,
  OutboxQuery,
  OutboxResponse,
  PasswordResetConfirm,
  PasswordResetRequest,
} from './account.ts'
import { DeleteAccountRequest } from './account-data.ts'
import {
  AdminPlanInput,
  AdminPlanResponse,
  AdminPlansResponse,
  AdminStyleResponse,
  AdminStylesResponse,
  CleanupStylesResponse,
  EngineCheckResponse,
  InitializeStylesResponse,
  ReorderStylesRequest,
  StyleImageUploadResponse,
} from './admin.ts'
import {
  ApiKey,
  ApiKeysResponse,
  CallbackDeliveriesResponse,
  CreateApiKeyRequest,
  CreatedApiKeyResponse,
  UpdateApiKeyRequest,
  WebhookSecretResponse,
} from './api-keys.ts'
import { BrandKitInput, BrandKitResponse } from './brand.ts'
import { CapabilitiesResponse } from './capabilities-api.ts'
import {
  CategoriesResponse,
  ColorPaletteResponse,
  ColorPalettesResponse,
  PlansResponse,
  StyleInput,
  StyleResponse,
  StylesQuery,
  StylesResponse,
} from './catalog.ts'
import {
  ConversationDetailResponse,
  ConversationResponse,
  ConversationsResponse,
  CreateConversationRequest,
} from './conversation.ts'
import {
  EstimatesResponse,
  FavoriteRequest,
  GenerationResponse,
  GenerationsPickedResponse,
  GenerationsQuery,
  GenerationsResponse,
  LineageResponse,
  RenderStartedResponse,
  RunAgainRequest,
  StatsResponse,
  StatusQuery,
  StatusResponse,
  TransactionsQuery,
  TransactionsResponse,
} from './generation.ts'
import {
  InboxHandledRequest,
  InboxItemResponse,
  InboxQuery,
  InboxReplyRequest,
  InboxResponse,
} from './inbox.ts'
import { ConsentRequest, ContactRequest, HealthResponse, MessageResponse, OkResponse } from './misc.ts'
import {
  ALaCarteRequest,
  CheckoutSessionRequest,
  CheckoutSessionResponse,
  CheckoutStartResponse,
  PaymentsConfigResponse,
  PortalRequest,
  PortalResponse,
  SubscriptionActionResponse,
  SubscriptionsResponse,
} from './payments.ts'
import {
  AssignProjectRequest,
  CopyToProjectRequest,
  ListingBatchRequest,
  ListingBatchResponse,
  ListingQuoteResponse,
  MlsBoardInput,
  MlsBoardResponse,
  MlsBoardsResponse,
  ProjectDetailResponse,
  ProjectInput,
  ProjectResponse,
  ProjectsResponse,
  PublishProjectRequest,
} from './projects.ts'
import { VerifyResponse } from './provenance.ts'
import { AnimateFields, DetectResponse, UploadPreviewResponse } from './render.ts'
import {
  AuthProvidersResponse,
  AuthResponse,
  ProfileResponse,
  SessionResponse,
  SignInRequest,
  SignUpRequest,
} from './user.ts'

// The /api calls the web makes, keyed by method and path as the OpenAPI document writes them (`{id}` for a
// path parameter), each with its request schemas and the schema of its success answer. The web types its one
// `call()` from this table (types only: the landing page must not load zod); a server test checks that every
// route here is served with the same method and path.

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]

/** A multipart body: files and text fields, built by the browser. */
export const FormBody = z.custom<FormData>((v) => typeof FormData !== 'undefined' && v instanceof FormData)

export interface RouteSchemas {
  body?: z.ZodType
  query?: z.ZodType
  response: z.ZodType
}

export const ROUTES = {
  'GET /health': { response: HealthResponse },

  'POST /auth/sign-up': { body: SignUpRequest, response: AuthResponse },
  'POST /auth/sign-in': { body: SignInRequest, response: AuthResponse },
  'POST /auth/sign-out': { response: OkResponse },
  'GET /auth/providers': { response: AuthProvidersResponse },
  'GET /auth/session': { response: SessionResponse },
  'GET /user/profile': { response: ProfileResponse },
  'DELETE /user': { body: DeleteAccountRequest, response: OkResponse },
  'POST /auth/password-reset': { body: PasswordResetRequest, response: AcceptedResponse },
  'POST /auth/password-reset/confirm': { body: PasswordResetConfirm, response: OkResponse },
  'POST /auth/verify-email': { body: AccountTokenRequest, response: OkResponse },
  'POST /auth/email-change/confirm': { body: AccountTokenRequest, response: OkResponse },
  'GET /account': { response: AccountResponse },
  'POST /account/verify-email/resend': { response: AcceptedResponse },
  'POST /account/password': { body: ChangePasswordRequest, response: OkResponse },
  'POST /account/email': { body: ChangeEmailRequest, response: AcceptedResponse },
  'POST /account/sign-out-everywhere': { response: OkResponse },
  'PUT /account/language': { body: LanguageRequest, response: OkResponse },
  'PUT /account/notifications': { body: NotificationsRequest, response: OkResponse },
  'GET /user/api-keys': { response: ApiKeysResponse },
  'POST /user/api-keys': { body: CreateApiKeyRequest, response: CreatedApiKeyResponse },
  'DELETE /user/api-keys/{id}': { response: OkResponse },
  'PATCH /user/api-keys/{id}': { body: UpdateApiKeyRequest, response: ApiKey },
  'POST /user/api-keys/{id}/webhook-secret': { response: WebhookSecretResponse },
  'GET /user/api-keys/webhook-deliveries': { response: CallbackDeliveriesResponse },

  'GET /styles': { query: StylesQuery, response: StylesResponse },
  'GET /styles/meta/categories': { response: CategoriesResponse },
  'GET /styles/{id}': { response: StyleResponse },
  'GET /color-palettes': { response: ColorPalettesResponse },
  'GET /color-palettes/{id}': { response: ColorPaletteResponse },
  'GET /capabilities': { response: CapabilitiesResponse },
  'GET /user/plans': { response: PlansResponse },

  'POST /contact/messages': { body: ContactRequest, response: OkResponse },
  'POST /consent': { body: ConsentRequest, response: OkResponse },
  'POST /verify': { body: FormBody, response: VerifyResponse },

  'GET /user/generations': { query: GenerationsQuery, response: GenerationsResponse },
  'GET /user/generations/status': { query: StatusQuery, response: StatusResponse },
  'GET /user/generations/{id}': { response: GenerationResponse },
  'DELETE /user/generations/{id}': { response: OkResponse },
  'PATCH /user/generations/{id}/favorite': { body: FavoriteRequest, response: GenerationResponse },
  'POST /user/generations/{id}/pick': { response: GenerationsPickedResponse },
  'GET /user/generations/{id}/lineage': { response: LineageResponse },
  'POST /user/generations/{id}/run-again': { body: RunAgainRequest, response: GenerationResponse },
  'PUT /user/generations/{id}/project': { body: AssignProjectRequest, response: GenerationResponse },
  'POST /user/generations/{id}/copy': { body: CopyToProjectRequest, response: GenerationResponse },
  'GET /user/stats': { response: StatsResponse },

  'GET /user/projects': { response: ProjectsResponse },
  'POST /user/projects': { body: ProjectInput, response: ProjectResponse },
  'GET /user/projects/{id}': { response: ProjectDetailResponse },
  'PUT /user/projects/{id}': { body: ProjectInput, response: ProjectResponse },
  'DELETE /user/projects/{id}': { response: OkResponse },
  'PUT /user/projects/{id}/published': { body: PublishProjectRequest, response: ProjectResponse },
  'POST /user/projects/{id}/batch/quote': { body: ListingBatchRequest, response: ListingQuoteResponse },
  'POST /user/projects/{id}/batch': { body: ListingBatchRequest, response: ListingBatchResponse },
  'GET /user/brand-kit': { response: BrandKitResponse },
  'PUT /user/brand-kit': { body: BrandKitInput, response: BrandKitResponse },
  'GET /mls-boards': { response: MlsBoardsResponse },
  'PUT /admin/mls-boards/{id}': { body: MlsBoardInput, response: MlsBoardResponse },
  'GET /user/credits/transactions': { query: TransactionsQuery, response: TransactionsResponse },
  'GET /user/estimates': { response: EstimatesResponse },

  'POST /render/start': { body: FormBody, response: RenderStartedResponse },
  'POST /render/animate': { body: z.union([FormBody, AnimateFields]), response: RenderStartedResponse },
  'POST /render/inpainting': { body: FormBody, response: RenderStartedResponse },
  'POST /render/upload-preview': { body: FormBody, response: UploadPreviewResponse },
  'POST /render/detect': { body: FormBody, response: DetectResponse },

  'GET /conversations': { response: ConversationsResponse },
  'POST /conversations': { body: CreateConversationRequest, response: ConversationResponse },
  'GET /conversations/{id}': { response: ConversationDetailResponse },
  'DELETE /conversations/{id}': { response: OkResponse },
  'DELETE /conversations/{id}/messages': { response: OkResponse },

  'GET /payments/config': { response: PaymentsConfigResponse },
  'GET /user/subscriptions': { response: SubscriptionsResponse },
  'POST /payments/create-checkout-session': { body: CheckoutSessionRequest, response: CheckoutStartResponse },
  'POST /payments/create-a-la-carte-payment': { body: ALaCarteRequest, response: CheckoutStartResponse },
  'GET /payments/checkout-session/{id}': { response: CheckoutSessionResponse },
  'POST /payments/create-portal-session': { body: PortalRequest, response: PortalResponse },
  'POST /payments/cancel-subscription': { response: MessageResponse },
  'POST /user/subscriptions/{id}/renew': { response: SubscriptionActionResponse },

  'GET /admin/styles': { response: AdminStylesResponse },
  'POST /admin/styles': { body: StyleInput, response: AdminStyleResponse },
  'PUT /admin/styles/reorder': { body: ReorderStylesRequest, response: AdminStylesResponse },
  'PUT /admin/styles/{id}': { body: StyleInput, response: AdminStyleResponse },
  'DELETE /admin/styles/{id}': { response: OkResponse },
  'POST /admin/styles/initialize': { response: InitializeStylesResponse },
  'POST /admin/styles/cleanup': { response: CleanupStylesResponse },
  'POST /admin/styles/upload-image': { body: FormBody, response: StyleImageUploadResponse },
  'GET /admin/plans': { response: AdminPlansResponse },
  'PUT /admin/plans/{id}': { body: AdminPlanInput, response: AdminPlanResponse },
  'GET /admin/outbox': { query: OutboxQuery, response: OutboxResponse },
  'GET /admin/inbox': { query: InboxQuery, response: InboxResponse },
  'POST /admin/inbox/{id}/handled': { body: InboxHandledRequest, response: InboxItemResponse },
  'POST /admin/inbox/{id}/reply': { body: InboxReplyRequest, response: InboxItemResponse },
  'GET /admin/outbox/{id}': { response: OutboxMessageResponse },
  'POST /admin/outbox/{id}/resend': { response: OutboxMessageResponse },
  'POST /admin/engines/check': { response: EngineCheckResponse },
} satisfies Record<`${HttpMethod} /${string}`, RouteSchemas>

export type RouteKey = keyof typeof ROUTES
type Route<K extends RouteKey> = (typeof ROUTES)[K]
type PathOf<K extends string> = K extends `${HttpMethod} ${infer P}` ? P : never
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | ParamNames<Rest>
  : never

/** The path parameters of a route, by the names its path gives them. */
export type RouteParams<K extends RouteKey> = Record<ParamNames<PathOf<K>>, string>
/** What a route's body takes, as the caller writes it (before defaults). */
export type RouteBody<K extends RouteKey> =
  Route<K> extends { body: infer B extends z.ZodType } ? z.input<B> : never
export type RouteQuery<K extends RouteKey> =
  Route<K> extends { query: infer Q extends z.ZodType } ? z.input<Q> : never
/** What a route answers on success, as the server serialises it. */
export type RouteResponse<K extends RouteKey> = z.output<Route<K>['response']>

/** The parts of a call a route has: path parameters, query (optional when every field is) and body. */
export type RouteInput<K extends RouteKey> = ([ParamNames<PathOf<K>>] extends [never]
  ? unknown
  : { params: RouteParams<K> }) &
  ([RouteQuery<K>] extends [never]
    ? unknown
    : Partial<RouteQuery<K>> extends RouteQuery<K>
      ? { query?: RouteQuery<K> }
      : { query: RouteQuery<K> }) &
  ([RouteBody<K>] extends [never] ? unknown : { body: RouteBody<K> })
