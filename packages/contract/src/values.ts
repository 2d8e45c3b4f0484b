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

export const CREDIT_TRANSACTION_KINDS = [
  'grant',
  'purchase',
  'subscription',
  'debit',
  'refund',
  'adjustment',
] as const

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

export const USER_ROLES = ['user', 'admin'] as const
