import type { Generation } from '@parti/contract'
import { awaitJobs, type Callback } from '../api-webhooks/repo.ts'
import type { SessionUser } from '../auth/sessions.ts'
import type { AppContext } from '../context.ts'
import { recordUserMessage } from '../conversations/repo.ts'
import { findOwnProject } from '../db/repos/projects.ts'
import { planStateOf } from '../db/repos/users.ts'
import { AppError } from '../domain/errors.ts'
import { kindCapabilities, servingEngines } from '../engines/capabilities.ts'
import type { EngineRouter } from '../engines/router.ts'
import { createJobs } from '../jobs/create.ts'
import { toGeneration } from '../jobs/serialize.ts'
import { planRequest, type RenderPath } from '../kinds/index.ts'
import { isUuid } from '../lib/ids.ts'
import { deleteQuietly, type RequestParts } from '../storage/uploads.ts'

/**
 * The project a render request names (`projectId`, docs/product.md#projects): one of the user's own, else 404
 * as for any other user's id; absent or empty, none.
 */
async function projectOf(ctx: AppContext, session: SessionUser, field: unknown): Promise<string | null> {
  if (field === undefined || field === null || field === '') return null
  if (typeof field !== 'string' || !isUuid(field))
    throw new AppError('validation_failed', 'projectId: a project id', { field: 'projectId' })
  if (!(await findOwnProject(ctx.database.db, session.userId, field)))
    throw new AppError('not_found', 'The project was not found')
  return field
}

/**
 * A render request, start to queue: its kind checks and prices it and stores its inputs, then the debit and
 * the jobs commit together (with the Ask Parti message that asked for them). Nothing waits for an engine. If
 * anything fails, the files the request stored are deleted again.
 */
export async function startRender(
  ctx: AppContext,
  engines: EngineRouter,
  session: SessionUser,
  path: RenderPath,
  parts: RequestParts,
  /** the webhook to POST when each job ends (docs/product.md#api-webhooks), checked by the route */
  callback?: Callback,
): Promise<{ generations: Generation[]; batchId: string | null }> {
  const stored: string[] = []
  try {
    const projectId = await projectOf(ctx, session, parts.fields.projectId)
    const planState = await planStateOf(ctx.database.db, session.userId)
    const capabilities = kindCapabilities(engines, planState)
    const { jobs, batchId, conversation, holdTogether } = await planRequest(path, {
      ctx,
      session,
      parts,
      stored,
      capabilities,
      servedBy: (kind) => servingEngines(engines, kind),
      capabilitiesOn: (engine) => kindCapabilities(engines, planState, engine),
    })
    const rows = await createJobs(ctx.database, ctx.storage, session, jobs, {
      maxAttempts: ctx.config.JOB_MAX_ATTEMPTS,
      projectId,
      batchId,
      holdTogether: holdTogether ?? false,
      onCreated: async (tx, created) => {
        if (conversation)
          await recordUserMessage(tx, {
            conversationId: conversation.id,
            userId: session.userId,
            text: conversation.text,
            attachmentKeys: conversation.attachmentKeys,
            generationId: created[0]!.id,
          })
        if (callback)
          await awaitJobs(
            tx,
            callback,
            created.map((r) => r.id),
          )
      },
    })
    return { generations: rows.map((r) => toGeneration(r, ctx.storage)), batchId }
  } catch (err) {
    await deleteQuietly(ctx.storage, stored)
    throw err
  }
}
