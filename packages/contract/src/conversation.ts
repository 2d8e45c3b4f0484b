import { z } from 'zod'
import { Generation } from './generation.ts'

/** Ask Parti conversations, stored on the server (docs/product.md#conversation). */
export const Conversation = z
  .object({
    id: z.string(),
    title: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    messageCount: z.number().int(),
    /** the newest image in the conversation, for the list */
    lastImageUrl: z.string().nullable(),
  })
  .meta({ id: 'Conversation' })
export type Conversation = z.infer<typeof Conversation>

export const ConversationMessage = z
  .object({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    text: z.string(),
    /** images the user attached */
    attachmentUrls: z.array(z.string()),
    generationId: z.string().nullable(),
    /** the edit this message started or reports, with its before (input) and after (output) images */
    generation: Generation.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ConversationMessage' })
export type ConversationMessage = z.infer<typeof ConversationMessage>

export const CreateConversationRequest = z.object({ title: z.string().trim().max(120).optional() })
export const ConversationsResponse = z.object({ conversations: z.array(Conversation) })
export const ConversationResponse = z.object({ conversation: Conversation })
export const ConversationDetailResponse = z.object({
  conversation: Conversation,
  messages: z.array(ConversationMessage),
})
