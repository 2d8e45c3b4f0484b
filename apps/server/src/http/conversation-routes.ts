import {
  ConversationDetailResponse,
  ConversationResponse,
  ConversationsResponse,
  CreateConversationRequest,
  IdParams,
  OkResponse,
} from '@parti/contract'
import type { AppContext } from '../context.ts'
import {
  clearMessages,
  conversationDetail,
  createConversation,
  deleteConversation,
  findConversation,
  listConversations,
} from '../conversations/repo.ts'
import { notFound } from '../domain/errors.ts'
import { isUuid } from '../lib/ids.ts'
import { requireUser } from './auth.ts'
import { type Api, SECURED } from './types.ts'

const tags = ['conversations']
const security = SECURED

/**
 * Ask Parti conversations (spec §2 chat editor). An edit is sent with POST /render/start
 * (generationType=chat-edit, conversationId); the user's message and the assistant's answer land here.
 */
export function conversationRoutes(app: Api, ctx: AppContext): void {
  const db = ctx.database.db
  const own = async (userId: string, id: string) => {
    const row = isUuid(id) ? await findConversation(db, userId, id) : null
    if (!row) throw notFound()
    return row
  }

  app.get(
    '/conversations',
    { schema: { tags, security, response: { 200: ConversationsResponse } } },
    async (req) => {
      const session = await requireUser(db, req)
      return { conversations: await listConversations(db, ctx.storage, session.userId) }
    },
  )

  app.post(
    '/conversations',
    { schema: { tags, security, body: CreateConversationRequest, response: { 201: ConversationResponse } } },
    async (req, reply) => {
      const session = await requireUser(db, req)
      const conversation = await createConversation(db, ctx.storage, session.userId, req.body.title ?? '')
      return reply.status(201).send({ conversation })
    },
  )

  app.get(
    '/conversations/:id',
    { schema: { tags, security, params: IdParams, response: { 200: ConversationDetailResponse } } },
    async (req) => {
      const session = await requireUser(db, req)
      return conversationDetail(db, ctx.storage, await own(session.userId, req.params.id))
    },
  )

  app.delete(
    '/conversations/:id',
    { schema: { tags, security, params: IdParams, response: { 200: OkResponse } } },
    async (req) => {
      const session = await requireUser(db, req)
      await deleteConversation(db, (await own(session.userId, req.params.id)).id)
      return { success: true as const }
    },
  )

  // "clear all messages" (spec §2): permanent; the images stay in the gallery
  app.delete(
    '/conversations/:id/messages',
    { schema: { tags, security, params: IdParams, response: { 200: OkResponse } } },
    async (req) => {
      const session = await requireUser(db, req)
      await clearMessages(db, (await own(session.userId, req.params.id)).id)
      return { success: true as const }
    },
  )
}
