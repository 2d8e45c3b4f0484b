import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const createdAt = () => ts('created_at').notNull().defaultNow()

/**
 * The user profile (docs/product.md#user-profile). Credits are the cached balance; credit_transactions is the
 * ledger that explains it.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name'),
    photoUrl: text('photo_url'),
    role: text('role').notNull().default('user'),
    passwordHash: text('password_hash'),
    plan: text('plan'),
    subscriptionType: text('subscription_type'),
    autoRenewal: boolean('auto_renewal').notNull().default(false),
    subscriptionEndDate: ts('subscription_end_date'),
    subscriptionStatus: text('subscription_status').notNull().default('none'),
    paymentCustomerId: text('payment_customer_id'),
    credits: integer('credits').notNull().default(0),
    /** when the address was proven by a link sent to it, or by a provider that verified it (docs/product.md#account) */
    emailVerifiedAt: ts('email_verified_at'),
    /** the language the user last chose; the language of the mail they get (apps/server/src/mail/README.md) */
    language: text('language'),
    /** mail when a video is ready (opt-in, docs/product.md#account) */
    notifyVideoReady: boolean('notify_video_ready').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_credits_non_negative', sql`${t.credits} >= 0`),
  ],
)

/** Sign-in identities from OpenID Connect providers (Google, Apple), keyed on the provider's subject. */
export const authIdentities = pgTable(
  'auth_identities',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_identities_provider_subject_key').on(t.provider, t.subject)],
)

/** Browser sessions and personal API keys (Pro). Only a hash of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind').notNull().default('session'),
    label: text('label'),
    /** an API key's first characters, shown to tell keys apart (docs/decisions/0065-api-keys-hashed-sessions.md) */
    prefix: text('prefix'),
    /** an API key's default callback URL for its jobs (docs/product.md#api-webhooks) */
    webhookUrl: text('webhook_url'),
    /** an API key's signing secret, `whsec_<base64>` (docs/decisions/0077-job-webhooks-standard-webhooks.md) */
    webhookSecret: text('webhook_secret'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
)

/**
 * A generation row is the job (docs/decisions/0019-generations-table-is-the-queue.md): pending → processing →
 * completed | failed.
 */
export const generations = pgTable(
  'generations',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    generationType: text('generation_type').notNull(),
    mode: text('mode').notNull(),
    status: text('status').notNull().default('pending'),
    progress: real('progress').notNull().default(0),
    priority: integer('priority').notNull().default(0),
    creditsCost: integer('credits_cost').notNull(),
    creditsRefunded: integer('credits_refunded').notNull().default(0),
    deleted: boolean('deleted').notNull().default(false),
    favorite: boolean('favorite').notNull().default(false),
    prompt: text('prompt').notNull().default(''),
    userPrompt: text('user_prompt').notNull().default(''),
    enhancedPrompt: text('enhanced_prompt'),
    negativePrompt: text('negative_prompt'),
    videoPrompt: text('video_prompt'),
    styleId: text('style_id'),
    colorPaletteId: text('color_palette_id'),
    engine: text('engine'),
    model: text('model'),
    /** the typed engine task parameters, versioned (see kinds/index.ts JobPayload) */
    payload: jsonb('payload').notNull(),
    inputKeys: jsonb('input_keys').$type<string[]>().notNull().default([]),
    maskKey: text('mask_key'),
    sourceGenerationId: uuid('source_generation_id'),
    outputImageKey: text('output_image_key'),
    outputVideoKey: text('output_video_key'),
    thumbnailKey: text('thumbnail_key'),
    processingTimeMs: integer('processing_time_ms'),
    /** the request it was made in: its variations or angles share it */
    batchId: uuid('batch_id'),
    /** the seed it was made with (docs/decisions/0097-variations-one-hold-many-jobs.md) */
    seed: integer('seed'),
    /** the variation the user kept from its request */
    picked: boolean('picked').notNull().default(false),
    /** what made it, as keys (docs/decisions/0098-recipe-and-run-again.md); null on older rows */
    recipe: jsonb('recipe').$type<Record<string, unknown>>(),
    /** the project it belongs to, if any (docs/decisions/0104-projects-own-their-generations.md) */
    projectId: uuid('project_id').references((): AnyPgColumn => projects.id, { onDelete: 'set null' }),
    error: text('error'),
    errorCode: text('error_code'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    leaseUntil: ts('lease_until'),
    workerId: text('worker_id'),
    runAfter: ts('run_after').notNull().defaultNow(),
    createdAt: createdAt(),
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // gallery pages: newest first by keyset (created_at, id)
    index('generations_user_created_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deleted} = false`),
    index('generations_user_type_created_idx')
      .on(t.userId, t.type, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deleted} = false`),
    index('generations_user_favorite_created_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deleted} = false and ${t.favorite} = true`),
    // the queue: only live rows are indexed, so the claim stays fast however large the table grows
    index('generations_queue_idx')
      .on(t.priority.desc(), t.createdAt, t.id)
      .where(sql`${t.status} in ('pending', 'processing')`),
    index('generations_user_active_idx')
      .on(t.userId, t.generationType)
      .where(sql`${t.status} in ('pending', 'processing')`),
    index('generations_batch_idx').on(t.batchId).where(sql`${t.batchId} is not null`),
    // versions: the edits made from a result (docs/decisions/0099-versions-are-a-tree.md)
    index('generations_source_idx').on(t.sourceGenerationId).where(sql`${t.sourceGenerationId} is not null`),
    index('generations_project_created_idx')
      .on(t.projectId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deleted} = false and ${t.projectId} is not null`),
    // gallery search by prompt (ILIKE '%words%'): trigrams find a rare phrase without reading the user's
    // whole history; common words still go through generations_user_created_idx (pg_trgm, migration 0001)
    index('generations_user_prompt_trgm_idx')
      .using('gin', t.userPrompt.op('gin_trgm_ops'))
      .where(sql`${t.deleted} = false`),
    // GET /user/stats totals (every screen's sidebar asks): an index-only scan instead of reading the user's
    // rows (drizzle has no INCLUDE, so the counted columns are trailing keys)
    index('generations_user_totals_idx')
      .on(t.userId, t.type, t.favorite, t.status, t.creditsCost, t.creditsRefunded)
      .where(sql`${t.deleted} = false`),
  ],
)

/** The credit ledger: every balance change is a row, written in the same transaction as the change. */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    /** change to the credits on hold (docs/decisions/0062-credits-held-then-captured.md); 0 once a job ended */
    held: integer('held').notNull().default(0),
    balanceAfter: integer('balance_after').notNull(),
    description: text('description').notNull().default(''),
    generationId: uuid('generation_id'),
    /**
     * a hold taken once for a request's variations together (generation_id null); each variation captures or
     * releases its own share (docs/decisions/0097-variations-one-hold-many-jobs.md)
     */
    requestId: uuid('request_id'),
    /** the outside event that caused it (payment event id…), unique so it applies once */
    externalRef: text('external_ref'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_transactions_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('credit_transactions_external_ref_key')
      .on(t.externalRef)
      .where(sql`${t.externalRef} is not null`),
    index('credit_transactions_generation_idx').on(t.generationId).where(sql`${t.generationId} is not null`),
    uniqueIndex('credit_transactions_request_hold_key')
      .on(t.requestId)
      .where(sql`${t.requestId} is not null and ${t.kind} = 'hold'`),
    uniqueIndex('credit_transactions_job_settlement_key')
      .on(t.generationId, t.kind)
      .where(sql`${t.kind} in ('hold', 'capture', 'release')`),
  ],
)

export const styleCategories = pgTable('style_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
})

export const styles = pgTable(
  'styles',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    categoryId: text('category_id')
      .notNull()
      .references(() => styleCategories.id),
    imageKey: text('image_key'),
    imageUrl: text('image_url'),
    prompt: text('prompt').notNull().default(''),
    negativePrompt: text('negative_prompt').notNull().default(''),
    qualityPrompt: text('quality_prompt').notNull().default(''),
    localParams: jsonb('local_params'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('styles_category_idx').on(t.categoryId, t.sortOrder)],
)

export const colorPalettes = pgTable('color_palettes', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  colors: jsonb('colors').$type<string[]>().notNull(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
})

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  priceMonthly: integer('price_monthly').notNull(),
  priceYearly: integer('price_yearly').notNull(),
  priceYearlyMonthly: integer('price_yearly_monthly').notNull(),
  monthlyCredits: integer('monthly_credits').notNull(),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  popular: boolean('popular').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  paymentPriceMonthly: text('payment_price_monthly'),
  paymentPriceYearly: text('payment_price_yearly'),
  createdAt: createdAt(),
})

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('conversations_user_updated_idx').on(t.userId, t.updatedAt.desc())],
)

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    text: text('text').notNull().default(''),
    /** images the user attached (blob keys) */
    attachmentKeys: jsonb('attachment_keys').$type<string[]>().notNull().default([]),
    /** the generation this message started or reports */
    generationId: uuid('generation_id'),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_created_idx').on(t.conversationId, t.createdAt)],
)

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    language: text('language'),
    createdAt: createdAt(),
    /** the admin inbox (docs/admin.md#inbox): when and by whom it was dealt with, and the last answer mailed */
    handledAt: ts('handled_at'),
    handledBy: uuid('handled_by'),
    reply: text('reply'),
    repliedAt: ts('replied_at'),
  },
  (t) => [index('contact_messages_open_idx').on(t.createdAt, t.id).where(sql`handled_at is null`)],
)

export const consentRecords = pgTable('consent_records', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id'),
  visitorId: text('visitor_id'),
  accepted: boolean('accepted').notNull(),
  categories: jsonb('categories').$type<string[]>().notNull().default([]),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
})

/** Payment provider events already applied (webhooks arrive more than once). */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  processedAt: ts('processed_at').notNull().defaultNow(),
})

/** Webhook deliveries from engine providers already handled (Replicate webhook-id, fal request id). */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
})

/**
 * Job webhooks to API users (docs/decisions/0077-job-webhooks-standard-webhooks.md): a row per job started
 * with a callback, `waiting` until the job ends, then `pending` with the body frozen, claimed by a worker
 * (`locked_until`) and retried with backoff until `delivered`, or `failed` after a day.
 */
export const callbackDeliveries = pgTable(
  'callback_deliveries',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the API key that started the job and signs its deliveries; revoking the key ends them */
    keyId: uuid('key_id').references(() => sessions.id, { onDelete: 'set null' }),
    generationId: uuid('generation_id').notNull(),
    url: text('url').notNull(),
    status: text('status').notNull().default('waiting'),
    body: text('body'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at'),
    lockedUntil: ts('locked_until'),
    createdAt: createdAt(),
    readyAt: ts('ready_at'),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    index('callback_deliveries_generation_idx').on(t.generationId),
    index('callback_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('callback_deliveries_user_idx').on(t.userId, t.createdAt),
  ],
)

/** Job and balance events per user, for the SSE stream and its Last-Event-ID resume. Pruned after a day. */
export const userEvents = pgTable(
  'user_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_events_user_id_idx').on(t.userId, t.id)],
)

/** Small facts about this installation (e.g. which catalogue version was seeded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})

/** A checkout started with a payment provider (the built-in test checkout or Stripe), read back on return. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** subscription | payment (one-off credits) */
    mode: text('mode').notNull(),
    plan: text('plan'),
    billingType: text('billing_type'),
    amountCents: integer('amount_cents').notNull(),
    credits: integer('credits').notNull().default(0),
    /** open | complete | expired */
    status: text('status').notNull().default('open'),
    /** paid | unpaid | no_payment_required */
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    providerSubscriptionId: text('provider_subscription_id'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId, t.createdAt.desc())],
)

/**
 * A plan subscription (docs/product.md#subscription-states); the user row carries the current plan for quick
 * reads.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    plan: text('plan').notNull(),
    billingType: text('billing_type').notNull(),
    /** active | cancelled | past_due | expired */
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: ts('current_period_end').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.createdAt.desc())],
)

/** OpenID Connect sign-in in flight: state, nonce and PKCE verifier kept server-side (Apple posts cross-site). */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  returnTo: text('return_to').notNull().default('/'),
  createdAt: createdAt(),
})

/**
 * Folders of files to delete, written in the transaction that deletes the rows pointing into them (an account's
 * deletion, docs/decisions/0073-account-deletion-order.md) or fails the job that wrote them
 * (docs/decisions/0090-blob-store-refusing-writes.md). Deleted right after the commit and swept again
 * until a late writer (a job that was running) can no longer add to them; a failure leaves the row for the
 * next sweep, never a row of the product pointing to a missing file.
 */
export const blobDeletions = pgTable('blob_deletions', {
  prefix: text('prefix').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: createdAt(),
  /** when the folder was last emptied; the row goes once that is later than any writer could still write */
  clearedAt: ts('cleared_at'),
})

/**
 * Request counters of the rate limits, shared by every API process when there is no Redis
 * (http/rate-limit-store.ts): one row per limit and key, its count and when its window ends.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
})

/**
 * Single-use links sent by mail (docs/product.md#account): verifying the address, resetting the password,
 * confirming a new address. Only the token's SHA-256 is stored; `email` is the address the link was sent to.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** verify-email | password-reset | email-change */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_key').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
  ],
)

/**
 * The mail outbox (docs/decisions/0068-mail-outbox-table.md): every message, rendered when it is enqueued, and
 * sent by a worker that claims it with FOR UPDATE SKIP LOCKED; queued → sending → sent | failed. How many attempts a message gets is the
 * workers' setting (MAIL_MAX_ATTEMPTS), read when an attempt fails.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    to: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    /** queued | sending | sent | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    leaseUntil: ts('lease_until'),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`),
    index('mail_outbox_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
)

/**
 * An MLS board's rules for altered listing photos (docs/mls.md), seeded by migration 0018 and edited by admins:
 * what an export for the board must and must not do (docs/decisions/0105-mls-rules-applied-at-export.md).
 */
export const mlsBoards = pgTable('mls_boards', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  region: text('region').notNull().default(''),
  /** required | forbidden | optional: a label burnt into staged photos at export */
  label: text('label').notNull(),
  labelText: text('label_text').notNull().default(''),
  /** the label band's height as a share of the image height */
  labelHeightShare: real('label_height_share').notNull().default(0.04),
  captionText: text('caption_text').notNull().default(''),
  remarksPrefix: text('remarks_prefix').notNull().default(''),
  /** before | after | none: where the unaltered original goes beside its staged version */
  originalPlacement: text('original_placement').notNull().default('none'),
  /** a public page with the unaltered original, linked from the captions (California B&P 10140.8) */
  originalLink: boolean('original_link').notNull().default(false),
  qrAllowed: boolean('qr_allowed').notNull().default(false),
  forbiddenEdits: jsonb('forbidden_edits').$type<string[]>().notNull().default([]),
  /** faces must be blurred before publishing (docs/decisions/0121-boards-requiring-privacy.md) */
  privacyRequired: boolean('privacy_required').notNull().default(false),
  source: text('source').notNull(),
  /** the date the rules were last read at their source, YYYY-MM-DD */
  checkedAt: text('checked_at').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})

/**
 * The face detector's answer for one stored file, keyed by the file's SHA-256 and the detector's id: an export
 * for a board requiring privacy checks each file once (docs/decisions/0121-boards-requiring-privacy.md).
 */
export const faceChecks = pgTable(
  'face_checks',
  {
    digest: text('digest').notNull(),
    detector: text('detector').notNull(),
    faces: integer('faces').notNull(),
    checkedAt: ts('checked_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.digest, t.detector] })],
)

/** A listing or a design job grouping generations (docs/decisions/0104-projects-own-their-generations.md). */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** the address or the client's reference */
    reference: text('reference').notNull().default(''),
    client: text('client').notNull().default(''),
    notes: text('notes').notNull().default(''),
    boardId: text('board_id').references(() => mlsBoards.id, { onDelete: 'set null' }),
    /** while true, the public pages of its originals answer (docs/decisions/0106-public-originals.md) */
    published: boolean('published').notNull().default(false),
    /** its exports need faces blurred even where its board does not ask (docs/decisions/0121-boards-requiring-privacy.md) */
    privacyRequired: boolean('privacy_required').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('projects_user_updated_idx').on(t.userId, t.updatedAt.desc())],
)

/** Short codes of the public pages showing a staged photo's unaltered original (docs/decisions/0106-public-originals.md). */
export const originalLinks = pgTable(
  'original_links',
  {
    code: text('code').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    generationId: uuid('generation_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('original_links_generation_key').on(t.projectId, t.generationId)],
)

/**
 * An account's brand kit (docs/decisions/0119-brand-kit-outside-mls.md): logo, colours and agent card, drawn only
 * on social, brochure and website exports, never on an MLS export.
 */
export const brandKits = pgTable('brand_kits', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  logoKey: text('logo_key'),
  primaryColor: text('primary_color').notNull().default('#1f2937'),
  accentColor: text('accent_color').notNull().default('#c8a24a'),
  agentName: text('agent_name').notNull().default(''),
  agentTitle: text('agent_title').notNull().default(''),
  agency: text('agency').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  website: text('website').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})
