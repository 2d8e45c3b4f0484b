import { z } from 'zod'
import { GENERATION_MODES } from './kinds.ts'
import {
  ANGLES,
  CAMERA_MOVEMENTS,
  CHARGE_STATES,
  CREDIT_TRANSACTION_KINDS,
  ENGINE_IDS,
  GENERATION_STATUSES,
  GENERATION_TYPES,
  LANGUAGES,
  MEDIA_TYPES,
  PLAN_NAMES,
  ROOM_TYPES,
  STAGING_OPTIONS,
  STAGING_STYLES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
  USER_ROLES,
} from './values.ts'

// zod schemas of the enumerations (docs/product.md#enumerations) in values.ts
export const CameraMovement = z.enum(CAMERA_MOVEMENTS)
export type CameraMovement = z.infer<typeof CameraMovement>
export const Angle = z.enum(ANGLES)
export type Angle = z.infer<typeof Angle>
export const StagingOption = z.enum(STAGING_OPTIONS)
export type StagingOption = z.infer<typeof StagingOption>
export const StagingStyle = z.enum(STAGING_STYLES)
export type StagingStyle = z.infer<typeof StagingStyle>
export const RoomType = z.enum(ROOM_TYPES)
export type RoomType = z.infer<typeof RoomType>
export const GenerationType = z.enum(GENERATION_TYPES)
export type GenerationType = z.infer<typeof GenerationType>
export const GenerationMode = z.enum(GENERATION_MODES)
export type GenerationMode = z.infer<typeof GenerationMode>
export const GenerationStatus = z.enum(GENERATION_STATUSES)
export type GenerationStatus = z.infer<typeof GenerationStatus>
export const MediaType = z.enum(MEDIA_TYPES)
export type MediaType = z.infer<typeof MediaType>
export const PlanName = z.enum(PLAN_NAMES)
export type PlanName = z.infer<typeof PlanName>
export const SubscriptionType = z.enum(SUBSCRIPTION_TYPES)
export type SubscriptionType = z.infer<typeof SubscriptionType>
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES)
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>
export const CreditTransactionKind = z.enum(CREDIT_TRANSACTION_KINDS)
export type CreditTransactionKind = z.infer<typeof CreditTransactionKind>
export const ChargeState = z.enum(CHARGE_STATES)
export type ChargeState = z.infer<typeof ChargeState>
export const EngineId = z.enum(ENGINE_IDS)
export type EngineId = z.infer<typeof EngineId>
export const Language = z.enum(LANGUAGES)
export type Language = z.infer<typeof Language>
export const VideoDuration = z.union([z.literal(6), z.literal(10)])
export type VideoDuration = z.infer<typeof VideoDuration>
export const UserRole = z.enum(USER_ROLES)
export type UserRole = z.infer<typeof UserRole>
