import { z } from 'zod'
import { Plan, Style, StyleCategory } from './catalog.ts'
import { TEXT_LIMITS } from './constants.ts'
import { EngineId } from './enums.ts'
import { STEP_NAMES, type Step } from './kinds.ts'

// The admin calls of docs/product.md#api-admin (docs/decisions/0011-admin-role-on-the-server.md: every
// /api/admin/* answers 403 to anyone without the admin role).

/** Where a style's card image comes from: an image stored with Parti, or drawn from its local look. */
export const StyleImageSource = z.enum(['stored', 'drawn', 'external'])
export type StyleImageSource = z.infer<typeof StyleImageSource>

/** A style as the admin screen sees it: inactive ones too, with its category id and image source. */
export const AdminStyle = Style.extend({
  categoryId: z.string(),
  imageSource: StyleImageSource,
  updatedAt: z.string(),
}).meta({ id: 'AdminStyle' })
export type AdminStyle = z.infer<typeof AdminStyle>

export const AdminStylesResponse = z.object({
  styles: z.array(AdminStyle),
  /** every category, empty ones included, in display order */
  categories: z.array(StyleCategory),
})
export type AdminStylesResponse = z.infer<typeof AdminStylesResponse>

export const AdminStyleResponse = z.object({ style: AdminStyle })
export type AdminStyleResponse = z.infer<typeof AdminStyleResponse>

/** PUT /admin/styles/reorder: the new order of some or all styles (lower first, within their category). */
export const ReorderStylesRequest = z.object({
  styles: z
    .array(z.object({ id: z.string().min(1).max(100), sortOrder: z.number().int().min(0).max(1_000_000) }))
    .min(1)
    .max(2000),
})
export type ReorderStylesRequest = z.infer<typeof ReorderStylesRequest>

/**
 * POST /admin/styles/upload-image: the stored image's address, to put in a style's imageUrl. It is served
 * publicly (style cards are public) and becomes the style's own image when the style is saved with it.
 */
export const StyleImageUploadResponse = z.object({
  imageUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
})
export type StyleImageUploadResponse = z.infer<typeof StyleImageUploadResponse>

export const InitializeStylesResponse = z.object({ added: z.number().int() })
export type InitializeStylesResponse = z.infer<typeof InitializeStylesResponse>

/** POST /admin/styles/cleanup: what the clean-up changed (see docs/admin.md). */
export const CleanupStylesResponse = z.object({
  /** ids that were not slugs, renamed to the slug of their name (past generations follow) */
  renamed: z.array(z.object({ from: z.string(), to: z.string() })),
  /** styles whose position changed when each category was numbered 1, 2, 3… again */
  renumbered: z.number().int(),
  /** categories that no style uses any more */
  removedCategories: z.array(z.string()),
  /** stored images that had gone missing; those styles show their drawn preview again */
  clearedImages: z.number().int(),
})
export type CleanupStylesResponse = z.infer<typeof CleanupStylesResponse>

/** A payment provider's price id (Stripe `price_…`); empty means none. */
const PriceId = z
  .string()
  .trim()
  .max(TEXT_LIMITS.priceId)
  .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, _ and - only')
  .transform((v) => v || null)
  .nullable()

export const AdminPlan = Plan.extend({
  sortOrder: z.number().int(),
  paymentPriceMonthly: z.string().nullable(),
  paymentPriceYearly: z.string().nullable(),
}).meta({ id: 'AdminPlan' })
export type AdminPlan = z.infer<typeof AdminPlan>

/**
 * PUT /admin/plans/{id}: what an admin may change. Prices and credits are the constants of
 * docs/product.md#plan-prices (and what subscribers were sold), so they are not editable here.
 */
export const AdminPlanInput = z.object({
  features: z.array(z.string().trim().min(1).max(TEXT_LIMITS.planFeature)).max(20),
  popular: z.boolean(),
  paymentPriceMonthly: PriceId,
  paymentPriceYearly: PriceId,
})
export type AdminPlanInput = z.input<typeof AdminPlanInput>

export const AdminPlansResponse = z.object({ plans: z.array(AdminPlan) })
export type AdminPlansResponse = z.infer<typeof AdminPlansResponse>
export const AdminPlanResponse = z.object({ plan: AdminPlan })
export type AdminPlanResponse = z.infer<typeof AdminPlanResponse>

/**
 * POST /admin/engines/check (docs/hosted-engines.md#live-check): one tiny real job per step served by a hosted
 * engine, with how long it took and what the step costs a user in credits. Nothing is stored or charged.
 */
export const EngineCheckRow = z
  .object({
    step: z.enum(STEP_NAMES as [Step, ...Step[]]),
    engine: EngineId,
    model: z.string(),
    ok: z.boolean(),
    seconds: z.number().nonnegative(),
    credits: z.number().int().nonnegative(),
    /** the user-safe reason when it failed */
    error: z.string().nullable(),
  })
  .meta({ id: 'EngineCheckRow' })
export type EngineCheckRow = z.infer<typeof EngineCheckRow>
export const EngineCheckResponse = z.object({ rows: z.array(EngineCheckRow), checkedAt: z.string() })
export type EngineCheckResponse = z.infer<typeof EngineCheckResponse>
