import {
  FavoriteRequest,
  GenerationResponse,
  GenerationsPickedResponse,
  GenerationsQuery,
  GenerationsResponse,
  IdParams,
  LineageResponse,
  OkResponse,
  RunAgainRequest,
  StatsResponse,
  StatusQuery,
  StatusResponse,
} from '@parti/contract'
import type { z } from 'zod'
import type { AppContext } from '../context.ts'
import { runAgain } from '../generations/run-again.ts'
import { authenticated } from './auth-scope.ts'
import type { Api, ApiServices } from './types.ts'

/**
 * The calls about generations and stats (docs/product.md#api-generations, docs/product.md#api-user); the
 * ledger's are in credit-routes.ts. Another user's ids answer 404, always.
 * The status call is what every waiting browser polls: its answers come from the service's cache until an event
 * for that user invalidates them.
 */
export function generationRoutes(app: Api, ctx: AppContext, { generations, engines }: ApiServices): void {
  const db = ctx.database.db
  const tags = ['generations']

  authenticated(app, db, (api) => {
    api.get(
      '/user/generations',
      {
        schema: {
          operationId: 'listGenerations',
          summary: 'Your generations, newest first, searchable and paged',
          tags,
          querystring: GenerationsQuery,
          response: { 200: GenerationsResponse },
        },
      },
      async (req) => generations.list(req.user.userId, req.query),
    )

    api.get(
      '/user/generations/status',
      {
        schema: {
          operationId: 'getGenerationStatus',
          summary: 'The status of some of your jobs, by id',
          tags,
          querystring: StatusQuery,
          response: { 200: StatusResponse },
        },
        // polled by every waiting browser: a log line per poll would cost more than the answer
        logLevel: 'warn',
      },
      async (req, reply) => {
        const json = await generations.statusJson(req.user.userId, req.query.ids)
        // already JSON of the documented shape: Fastify sends a JSON string as is, without serialising again
        return reply
          .type('application/json; charset=utf-8')
          .send(json as unknown as z.infer<typeof StatusResponse>)
      },
    )

    api.get(
      '/user/generations/:id',
      {
        schema: {
          operationId: 'getGeneration',
          summary: 'One of your generations',
          tags,
          params: IdParams,
          response: { 200: GenerationResponse },
        },
      },
      async (req) => ({ generation: await generations.get(req.user.userId, req.params.id) }),
    )

    // Soft delete (docs/decisions/0022-soft-deletes.md): the row stays, files are swept later. A job not
    // started yet is cancelled and refunded; one already running finishes out of sight.
    api.delete(
      '/user/generations/:id',
      {
        schema: {
          operationId: 'deleteGeneration',
          summary: 'Delete a generation (a job not started yet is cancelled and refunded)',
          tags,
          params: IdParams,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await generations.delete(req.user.userId, req.params.id)
        return { success: true as const }
      },
    )

    api.patch(
      '/user/generations/:id/favorite',
      {
        schema: {
          operationId: 'setGenerationFavorite',
          summary: 'Mark or unmark a generation as a favourite',
          tags,
          params: IdParams,
          body: FavoriteRequest,
          response: { 200: GenerationResponse },
        },
      },
      async (req) => ({
        generation: await generations.setFavorite(req.user.userId, req.params.id, req.body.favorite),
      }),
    )

    api.post(
      '/user/generations/:id/pick',
      {
        schema: {
          operationId: 'pickVariation',
          summary: 'Keep one of the variations of a request (the others stay, not picked)',
          tags,
          params: IdParams,
          response: { 200: GenerationsPickedResponse },
        },
      },
      async (req) => ({ generations: await generations.pick(req.user.userId, req.params.id) }),
    )

    api.get(
      '/user/generations/:id/lineage',
      {
        schema: {
          operationId: 'getGenerationLineage',
          summary: 'The versions tree of a result: its sources, the edits made from them, their siblings',
          tags,
          params: IdParams,
          response: { 200: LineageResponse },
        },
      },
      async (req) => generations.lineage(req.user.userId, req.params.id),
    )

    api.post(
      '/user/generations/:id/run-again',
      {
        schema: {
          operationId: 'runGenerationAgain',
          summary: 'Make a result again from its recipe (same seed), on its engine or another',
          tags,
          params: IdParams,
          body: RunAgainRequest,
          response: { 202: GenerationResponse },
        },
      },
      async (req, reply) =>
        reply
          .status(202)
          .send({ generation: await runAgain(ctx, engines, req.user, req.params.id, req.body.engine) }),
    )

    api.get(
      '/user/stats',
      {
        schema: {
          operationId: 'getStats',
          summary: 'Counts of your generations by kind and status',
          tags,
          response: { 200: StatsResponse },
        },
      },
      async (req) => ({
        stats: await generations.stats(req.user.userId),
      }),
    )
  })
}
