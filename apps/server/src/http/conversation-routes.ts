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
import { authenticated } from './auth-scope.ts'
import type { Api } from './types.ts'

const tags = ['conversations']

/**
 * Ask Parti conversations (docs/product.md#ask-parti). An edit is sent with POST /render/start
 * (generationType=chat-edit, conversationId); the user's message and the assistant's answer land here.
 */
export function conversationRoutes(app: Api, ctx: AppContext): void {
  const db = ctx.database.db
  const own = async (userId: string, id: string) => {
    const row = isUuid(id) ? await findConversation(db, userId, id) : null
    if (!row) throw notFound()
    return row
  }

  authenticated(app, db, (api) => {
    api.get(
      '/conversations',
      {
        schema: {
          operationId: 'listConversations',
          summary: 'Your Ask Parti conversations',
          tags,
          response: { 200: ConversationsResponse },
        },
      },
      async (req) => {
        return { conversations: await listConversations(db, ctx.storage, req.user.userId) }
      },
    )

    api.post(
      '/conversations',
      {
        schema: {
          operationId: 'createConversation',
          summary: 'Start an Ask Parti conversation',
          tags,
          body: CreateConversationRequest,
          response: { 201: ConversationResponse },
        },
      },
      async (req, reply) => {
        const conversation = await createConversation(db, ctx.storage, req.user.userId, req.body.title ?? '')
        return reply.status(201).send({ conversation })
      },
    )

    api.get(
      '/conversations/:id',
      {
        schema: {
          operationId: 'getConversation',
          summary: 'One conversation with its messages',
          tags,
          params: IdParams,
          response: { 200: ConversationDetailResponse },
        },
      },
      async (req) => {
        return conversationDetail(db, ctx.storage, await own(req.user.userId, req.params.id))
      },
    )

    api.delete(
      '/conversations/:id',
      {
        schema: {
          operationId: 'deleteConversation',
          summary: 'Delete a conversation',
          tags,
          params: IdParams,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await deleteConversation(db, (await own(req.user.userId, req.params.id)).id)
        return { success: true as const }
      },
    )

    // "clear all messages" (docs/product.md#ask-parti): permanent; the images stay in the gallery
    api.delete(
      '/conversations/:id/messages',
      {
        schema: {
          operationId: 'clearConversation',
          summary: 'Delete every message of a conversation',
          tags,
          params: IdParams,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await clearMessages(db, (await own(req.user.userId, req.params.id)).id)
        return { success: true as const }
      },
    )
  })
}
