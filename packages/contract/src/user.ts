import { z } from 'zod'
import { TEXT_LIMITS } from './constants.ts'
import { Language, PlanName, SubscriptionStatus, SubscriptionType, UserRole } from './enums.ts'

/** The user profile (docs/product.md#user-profile) plus the auth user's e-mail and photo. */
export const UserProfile = z
  .object({
    uid: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    photoURL: z.string().nullable(),
    role: UserRole,
    plan: PlanName.nullable(),
    subscriptionType: SubscriptionType.nullable(),
    autoRenewal: z.boolean(),
    subscriptionEndDate: z.string().nullable(),
    subscriptionStatus: SubscriptionStatus,
    credits: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'UserProfile' })
export type UserProfile = z.infer<typeof UserProfile>

export const ProfileResponse = z.object({ user: UserProfile })

/** Who is visiting: the profile when signed in, null when not (a 200 either way, so a visitor's console stays clean). */
export const SessionResponse = z.object({ user: UserProfile.nullable() })

export const SignUpRequest = z.object({
  email: z.email().max(TEXT_LIMITS.email),
  password: z.string().max(200),
  name: z.string().trim().max(TEXT_LIMITS.name).optional(),
  /** the language of the page: the account's mail is written in it (docs/product.md#account) */
  language: Language.optional(),
})
export type SignUpRequest = z.infer<typeof SignUpRequest>

export const SignInRequest = z.object({
  email: z.string().max(TEXT_LIMITS.email),
  password: z.string().max(200),
  language: Language.optional(),
})
export type SignInRequest = z.infer<typeof SignInRequest>

export const AuthResponse = z.object({ token: z.string(), user: UserProfile })
export type AuthResponse = z.infer<typeof AuthResponse>

export const AuthProvidersResponse = z.object({
  password: z.boolean(),
  google: z.boolean(),
  apple: z.boolean(),
  /** whether a new account can be created (ALLOW_SIGN_UP, and not a demo) */
  signUp: z.boolean(),
  /** a public demo: nobody signs in or up (docs/product.md#demo-mode) */
  demo: z.boolean(),
})
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponse>
