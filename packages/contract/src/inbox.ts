import { z } from 'zod'
import { TEXT_LIMITS } from './constants.ts'

/** The admin inbox (docs/admin.md#inbox): contact and demo requests, open or handled, answered by mail. */
export const INBOX_STATUSES = ['open', 'handled'] as const
export const InboxStatus = z.enum(INBOX_STATUSES)
export type InboxStatus = z.infer<typeof InboxStatus>

export const InboxItem = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    /** the language the sender's page was in, which the answer is written in */
    language: z.string().nullable(),
    /** a signed-in sender's account */
    userId: z.string().nullable(),
    createdAt: z.string(),
    handledAt: z.string().nullable(),
    /** the last answer sent from the inbox, and when */
    reply: z.string().nullable(),
    repliedAt: z.string().nullable(),
  })
  .meta({ id: 'InboxItem' })
export type InboxItem = z.infer<typeof InboxItem>

export const InboxQuery = z.object({
  status: InboxStatus.optional(),
  /** the `createdAt|id` of the last item of the previous page */
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})
export const InboxResponse = z.object({
  items: z.array(InboxItem),
  nextCursor: z.string().nullable(),
  /** how many are waiting for an answer */
  open: z.number().int(),
})
export type InboxResponse = z.infer<typeof InboxResponse>

export const InboxHandledRequest = z.object({ handled: z.boolean() })
export const InboxReplyRequest = z.object({
  text: z.string().trim().min(1, 'Please write an answer').max(TEXT_LIMITS.message),
})
export type InboxReplyRequest = z.infer<typeof InboxReplyRequest>
export const InboxItemResponse = z.object({ item: InboxItem })
