import { GenerationResponse, GenerationsCreatedResponse } from '@parti/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { SessionUser } from '../auth/sessions.ts'
import type { AppContext } from '../context.ts'
import { recordUserMessage } from '../conversations/repo.ts'
import { createJobs } from '../jobs/create.ts'
import { planAnimate, planInpaint, planRenderStart, type RenderPlan } from '../jobs/render-requests.ts'
import { toGeneration } from '../jobs/serialize.ts'
import { deleteQuietly, type RequestParts } from '../storage/uploads.ts'
import { authenticated } from './auth-scope.ts'
import { readParts } from './read-parts.ts'
import type { Api } from './types.ts'

type Planner = (
  ctx: AppContext,
  session: SessionUser,
  parts: RequestParts,
  stored: string[],
) => Promise<RenderPlan>

const RENDER_LIMIT = { max: 120, timeWindow: '1 minute' }
const created = z.union([GenerationResponse, GenerationsCreatedResponse])
const multipartDoc = (fields: string) =>
  `multipart/form-data (or JSON with the same field names). ${fields} Answers 202 at once with the job(s) pending; ` +
  'follow them with GET /api/events or GET /api/user/generations/status.'

/** spec §7 render calls: each validates, stores inputs, debits and queues, then answers 202 without waiting. */
export function renderRoutes(app: Api, ctx: AppContext): void {
  authenticated(app, ctx.database.db, (api) => securedRenderRoutes(api, ctx))
}

function securedRenderRoutes(app: Api, ctx: AppContext): void {
  const handle = (plan: Planner) => async (req: FastifyRequest, reply: FastifyReply) => {
    const session = req.user
    const stored: string[] = []
    try {
      const parts = await readParts(req)
      const { jobs, batchId, conversation } = await plan(ctx, session, parts, stored)
      const rows = await createJobs(ctx.database, ctx.storage, session, jobs, {
        maxAttempts: ctx.config.JOB_MAX_ATTEMPTS,
        batchId,
        onCreated: conversation
          ? (tx, created) =>
              recordUserMessage(tx, {
                conversationId: conversation.id,
                userId: session.userId,
                text: conversation.text,
                attachmentKeys: conversation.attachmentKeys,
                generationId: created[0]!.id,
              })
          : undefined,
      })
      const generations = rows.map((r) => toGeneration(r, ctx.storage))
      return reply
        .status(202)
        .send(
          generations.length === 1 && !batchId ? { generation: generations[0]! } : { generations, batchId },
        )
    } catch (err) {
      // nothing was created: the uploaded files go too
      await deleteQuietly(ctx.storage, stored)
      throw err
    }
  }

  app.post(
    '/render/start',
    {
      schema: {
        tags: ['render'],
        description: multipartDoc(
          'Fields: generationType (sketch-render | multi-angle | home-staging | chat-edit), userPrompt, styleId, ' +
            'colorPaletteId, customColors, settings, angles, roomType, stagingOptions, stagingStyle, maskData, ' +
            'sourceGenerationId, imageUrl, conversationId. Files: sketch (sketch render, multi-angle; several for a ' +
            'Pro batch), image (home staging, chat edit), maskData (PNG, white = change).',
        ),
        consumes: ['multipart/form-data', 'application/json'],
        response: { 202: created },
      },
      config: { rateLimit: RENDER_LIMIT },
    },
    handle(planRenderStart),
  )

  app.post(
    '/render/animate',
    {
      schema: {
        tags: ['render'],
        description: multipartDoc(
          'Fields: imageUrl or sourceGenerationId (or an image file), description, duration (6 or 10), cameraMovement.',
        ),
        consumes: ['multipart/form-data', 'application/json'],
        response: { 202: created },
      },
      config: { rateLimit: RENDER_LIMIT },
    },
    handle(planAnimate),
  )

  app.post(
    '/render/inpainting',
    {
      schema: {
        tags: ['render'],
        description: multipartDoc(
          'Fields: image file (or sourceGenerationId), maskData (lasso area), prompt.',
        ),
        consumes: ['multipart/form-data', 'application/json'],
        response: { 202: created },
      },
      config: { rateLimit: RENDER_LIMIT },
    },
    handle(planInpaint),
  )
}
