import type { UserProfile } from '@parti/contract'
import type { UserRow } from '../db/repos/users.ts'

/** The user profile (docs/product.md#user-profile) as the API shows it. */
export function toProfile(u: UserRow): UserProfile {
  return {
    uid: u.id,
    email: u.email,
    name: u.name,
    photoURL: u.photoUrl,
    role: u.role === 'admin' ? 'admin' : 'user',
    plan: (u.plan as UserProfile['plan']) ?? null,
    subscriptionType: (u.subscriptionType as UserProfile['subscriptionType']) ?? null,
    autoRenewal: u.autoRenewal,
    subscriptionEndDate: u.subscriptionEndDate?.toISOString() ?? null,
    subscriptionStatus: (u.subscriptionStatus as UserProfile['subscriptionStatus']) ?? 'none',
    credits: u.credits,
    createdAt: u.createdAt.toISOString(),
  }
}
