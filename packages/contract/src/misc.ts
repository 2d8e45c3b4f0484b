import { z } from 'zod'
import { TEXT_LIMITS } from './constants.ts'

export const HealthResponse = z.object({ success: z.boolean() })

export const ContactRequest = z.object({
  name: z.string().trim().min(1).max(TEXT_LIMITS.name),
  email: z.email().max(TEXT_LIMITS.email),
  subject: z.string().trim().min(1).max(TEXT_LIMITS.subject),
  message: z.string().trim().min(1).max(TEXT_LIMITS.message),
})
export type ContactRequest = z.infer<typeof ContactRequest>

export const ConsentRequest = z.object({
  accepted: z.boolean(),
  categories: z
    .array(z.enum(['necessary', 'preferences', 'analytics']))
    .max(3)
    .default(['necessary']),
  visitorId: z.string().uuid().optional(),
})
export type ConsentRequest = z.infer<typeof ConsentRequest>

export const OkResponse = z.object({ success: z.literal(true) })
export const MessageResponse = z.object({ success: z.literal(true), message: z.string() })
