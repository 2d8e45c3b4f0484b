import { z } from 'zod'

// spec §3 enumerations. Order matters: screens list them in this order.
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
export const CameraMovement = z.enum(CAMERA_MOVEMENTS)
export type CameraMovement = z.infer<typeof CameraMovement>

export const ANGLES = ['front', 'side', 'aerial', 'corner', 'interior', 'contextual'] as const
export const Angle = z.enum(ANGLES)
export type Angle = z.infer<typeof Angle>

export const STAGING_OPTIONS = [
  'removeClutter',
  'removeFurniture',
  'repaint',
  'addFurniture',
  'addDecor',
  'addLighting',
] as const
export const StagingOption = z.enum(STAGING_OPTIONS)
export type StagingOption = z.infer<typeof StagingOption>

export const STAGING_STYLES = [
  'modern',
  'scandinavian',
  'transitional',
  'farmhouse',
  'luxury',
  'coastal',
] as const
export const StagingStyle = z.enum(STAGING_STYLES)
export type StagingStyle = z.infer<typeof StagingStyle>

// The spec names "room type" without listing values; these are the rooms estate agents photograph.
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
export const RoomType = z.enum(ROOM_TYPES)
export type RoomType = z.infer<typeof RoomType>

export const GENERATION_TYPES = ['home-staging', 'sketch-render', 'video-render', 'chat-edit'] as const
export const GenerationType = z.enum(GENERATION_TYPES)
export type GenerationType = z.infer<typeof GenerationType>

/**
 * What a job does. The spec's generationType groups these for the counters (chat edit covers magic edit and
 * inpaint; sketch render covers multi-angle); the mode says which engine task runs.
 */
export const GENERATION_MODES = [
  'sketch',
  'multi-angle',
  'staging',
  'magic-edit',
  'inpaint',
  'animate',
] as const
export const GenerationMode = z.enum(GENERATION_MODES)
export type GenerationMode = z.infer<typeof GenerationMode>

export const GENERATION_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const
export const GenerationStatus = z.enum(GENERATION_STATUSES)
export type GenerationStatus = z.infer<typeof GenerationStatus>

export const MEDIA_TYPES = ['image', 'video'] as const
export const MediaType = z.enum(MEDIA_TYPES)
export type MediaType = z.infer<typeof MediaType>

export const PLAN_NAMES = ['lite', 'standard', 'pro'] as const
export const PlanName = z.enum(PLAN_NAMES)
export type PlanName = z.infer<typeof PlanName>

export const SUBSCRIPTION_TYPES = ['monthly', 'yearly'] as const
export const SubscriptionType = z.enum(SUBSCRIPTION_TYPES)
export type SubscriptionType = z.infer<typeof SubscriptionType>

export const SUBSCRIPTION_STATUSES = ['none', 'active', 'cancelled', 'past_due', 'expired'] as const
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES)
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>

export const CREDIT_TRANSACTION_KINDS = [
  'grant',
  'purchase',
  'subscription',
  'debit',
  'refund',
  'adjustment',
] as const
export const CreditTransactionKind = z.enum(CREDIT_TRANSACTION_KINDS)
export type CreditTransactionKind = z.infer<typeof CreditTransactionKind>

export const ENGINE_IDS = ['local', 'replicate', 'fal', 'comfyui', 'openai', 'gemini'] as const
export const EngineId = z.enum(ENGINE_IDS)
export type EngineId = z.infer<typeof EngineId>

export const LANGUAGES = ['en', 'es', 'fr', 'pt', 'de', 'nl', 'ar'] as const
export const Language = z.enum(LANGUAGES)
export type Language = z.infer<typeof Language>
export const RTL_LANGUAGES: readonly Language[] = ['ar']

export const VIDEO_DURATIONS = [6, 10] as const
export const VideoDuration = z.union([z.literal(6), z.literal(10)])
export type VideoDuration = z.infer<typeof VideoDuration>

export const USER_ROLES = ['user', 'admin'] as const
export const UserRole = z.enum(USER_ROLES)
export type UserRole = z.infer<typeof UserRole>
