import type { Conversation, ConversationMessage } from '@parti/contract'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { conversations, generations, messages } from '../db/schema.ts'
import { toGeneration } from '../jobs/serialize.ts'
import { uuidv7 } from '../lib/ids.ts'
import type { StorageService } from '../storage/service.ts'

type ConversationRow = typeof conversations.$inferSelect

async function summaries(
  db: DbOrTx,
  storage: StorageService,
  rows: ConversationRow[],
): Promise<Conversation[]> {
  if (!rows.length) return []
  const ids = rows.map((r) => r.id)
  const counts = await db
    .select({ id: messages.conversationId, n: sql<number>`count(*)::int` })
    .from(messages)
    .where(inArray(messages.conversationId, ids))
    .groupBy(messages.conversationId)
  // the newest finished image per conversation (thumbnail), for the list
  const images = await db
    .selectDistinctOn([messages.conversationId], {
      id: messages.conversationId,
      key: generations.thumbnailKey,
    })
    .from(messages)
    .innerJoin(generations, eq(generations.id, messages.generationId))
    .where(and(inArray(messages.conversationId, ids), eq(generations.status, 'completed')))
    .orderBy(messages.conversationId, desc(messages.createdAt))
  const count = new Map(counts.map((c) => [c.id, Number(c.n)]))
  const image = new Map(images.map((i) => [i.id, i.key]))
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    messageCount: count.get(r.id) ?? 0,
    lastImageUrl: storage.urlFor(image.get(r.id) ?? null),
  }))
}

export async function listConversations(db: DbOrTx, storage: StorageService, userId: string) {
  const rows = await db
    .select()
    .from(conversations)
    .where(eq(conversations.userId, userId))
    .orderBy(desc(conversations.updatedAt))
    .limit(200)
  return summaries(db, storage, rows)
}

export async function createConversation(db: DbOrTx, storage: StorageService, userId: string, title: string) {
  const [row] = await db.insert(conversations).values({ id: uuidv7(), userId, title }).returning()
  return (await summaries(db, storage, [row!]))[0]!
}

export async function findConversation(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
  return row ?? null
}

export async function conversationDetail(db: DbOrTx, storage: StorageService, row: ConversationRow) {
  const rows = await db
    .select({ message: messages, generation: generations })
    .from(messages)
    .leftJoin(generations, eq(generations.id, messages.generationId))
    .where(eq(messages.conversationId, row.id))
    .orderBy(asc(messages.createdAt), asc(messages.id))
  const list: ConversationMessage[] = rows.map(({ message, generation }) => ({
    id: message.id,
    role: message.role === 'assistant' ? 'assistant' : 'user',
    text: message.text,
    attachmentUrls: message.attachmentKeys.map((k) => storage.urlFor(k)!),
    generationId: message.generationId,
    generation: generation ? toGeneration(generation, storage) : null,
    createdAt: message.createdAt.toISOString(),
  }))
  return { conversation: (await summaries(db, storage, [row]))[0]!, messages: list }
}

/** The user's turn, written with the edit job it starts. Titles an untitled conversation after its first request. */
export async function recordUserMessage(
  db: DbOrTx,
  input: {
    conversationId: string
    userId: string
    text: string
    attachmentKeys: string[]
    generationId: string
  },
) {
  await db.insert(messages).values({ id: uuidv7(), role: 'user', ...input })
  await db
    .update(conversations)
    .set({
      updatedAt: new Date(),
      title: sql`case when ${conversations.title} = '' then ${input.text.slice(0, 80)} else ${conversations.title} end`,
    })
    .where(eq(conversations.id, input.conversationId))
}

export async function clearMessages(db: DbOrTx, conversationId: string) {
  await db.delete(messages).where(eq(messages.conversationId, conversationId))
  await db.update(conversations).set({ updatedAt: new Date() }).where(eq(conversations.id, conversationId))
}

export async function deleteConversation(db: DbOrTx, conversationId: string) {
  await db.delete(conversations).where(eq(conversations.id, conversationId))
}
