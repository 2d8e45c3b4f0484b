// docs/product.md#enumerations as plain values. Order matters: screens list them in this order.
// No zod here: the landing page imports these, and a bundler keeps whatever a module it reaches imports.
export const CAMERA_MOVEMENTS = [
  'static',
  'zoom_in',
  'zoom_out',
  'pan_left',
  'pan_right',
  'pan_up',
  'pan_down',
  'rotate_clockwise',
  'rotate_counter',
  'dolly_in',
  'dolly_out',
  'orbit',
] as const

export const ANGLES = ['front', 'side', 'aerial', 'corner', 'interior', 'contextual'] as const

export const STAGING_OPTIONS = [
  'removeClutter',
  'removeFurniture',
  'repaint',
  'addFurniture',
  'addDecor',
  'addLighting',
] as const

export const STAGING_STYLES = [
  'modern',
  'scandinavian',
  'transitional',
  'farmhouse',
  'luxury',
  'coastal',
] as const

// Room types (docs/decisions/0051-values-left-open.md): these are the rooms estate agents photograph.
export const ROOM_TYPES = [
  'living-room',
  'bedroom',
  'kitchen',
  'dining-room',
  'bathroom',
  'office',
  'kids-room',
  'hallway',
] as const

export const GENERATION_TYPES = ['home-staging', 'sketch-render', 'video-render', 'chat-edit'] as const

export const GENERATION_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const

export const MEDIA_TYPES = ['image', 'video'] as const

export const PLAN_NAMES = ['lite', 'standard', 'pro'] as const

export const SUBSCRIPTION_TYPES = ['monthly', 'yearly'] as const

export const SUBSCRIPTION_STATUSES = ['none', 'active', 'cancelled', 'past_due', 'expired'] as const

/**
 * Ledger rows (docs/product.md#credit-holds): a job's credits are a `hold` when it is accepted, then a
 * `capture` (what was delivered) and/or a `release` (what was not). `debit` and `refund` are the rows jobs
 * wrote before holds (docs/decisions/0062-credits-held-then-captured.md); they stay readable.
 */
export const CREDIT_TRANSACTION_KINDS = [
  'grant',
  'purchase',
  'subscription',
  'hold',
  'capture',
  'release',
  'debit',
  'refund',
  'adjustment',
] as const

/**
 * Where a job's credits stand (docs/product.md#credit-holds): `held` while it runs, then `charged` (all
 * delivered), `partly_charged` (some steps delivered, the rest released) or `not_charged` (all released).
 */
export const CHARGE_STATES = ['held', 'charged', 'partly_charged', 'not_charged'] as const

export const ENGINE_IDS = ['local', 'replicate', 'fal', 'comfyui', 'openai', 'gemini'] as const

/** How the app names each hosted engine on a result (the built-in one is named in each language). */
export const ENGINE_NAMES = {
  local: 'Parti',
  replicate: 'Replicate',
  fal: 'fal',
  comfyui: 'ComfyUI',
  openai: 'OpenAI',
  gemini: 'Google Gemini',
} as const satisfies Record<(typeof ENGINE_IDS)[number], string>

export const LANGUAGES = ['en', 'es', 'fr', 'pt', 'de', 'nl', 'ar'] as const
export const RTL_LANGUAGES: readonly (typeof LANGUAGES)[number][] = ['ar']

export const VIDEO_DURATIONS = [6, 10] as const

/** How many times larger an upscale makes a picture on each side (docs/decisions/0115-upscale.md). */
export const UPSCALE_FACTORS = [2, 4] as const
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number]

export const USER_ROLES = ['user', 'admin'] as const
