import {
  AssignProjectRequest,
  BrandedExportRequest,
  BrandKitInput,
  BrandKitResponse,
  CopyToProjectRequest,
  GenerationResponse,
  IdParams,
  ListingBatchRequest,
  ListingBatchResponse,
  ListingQuoteResponse,
  MlsBoardInput,
  MlsBoardResponse,
  MlsBoardsResponse,
  OkResponse,
  ProjectDetailResponse,
  ProjectInput,
  ProjectResponse,
  ProjectsResponse,
  PublishProjectRequest,
} from '@parti/contract'
import { z } from 'zod'
import type { AppContext } from '../context.ts'
import { notFound } from '../domain/errors.ts'
import { boards, updateBoardProfile } from '../projects/boards.ts'
import { Branding } from '../projects/branding.ts'
import { MlsExport } from '../projects/export.ts'
import { ListingBatch } from '../projects/listing-batch.ts'
import { originalPageHtml, pageLanguage } from '../projects/original-page.ts'
import { ProjectService } from '../projects/service.ts'
import { provenanceFor } from '../provenance/service.ts'
import { contentTypeOf } from '../storage/types.ts'
import { authenticated } from './auth-scope.ts'
import type { Api, ApiServices } from './types.ts'

/**
 * Projects (docs/product.md#projects) and the MLS boards their exports follow (docs/mls.md). Another user's
 * ids answer 404, always; boards are read by every signed-in user and edited by admins only.
 */
export function projectRoutes(app: Api, ctx: AppContext, services: ApiServices): void {
  const db = ctx.database.db
  const projects = new ProjectService(db, ctx.storage)
  const exporter = new MlsExport(db, ctx.storage, ctx.config.publicUrl, provenanceFor(ctx))
  const listing = new ListingBatch(ctx, services.engines)
  const branding = new Branding(db, ctx.storage)
  const tags = ['projects']
  const CodeParams = z.object({ code: z.string().min(1).max(20) })

  // The public pages of staged photos' originals (docs/decisions/0106-public-originals.md): no sign-in, only
  // while the project is published; anything else is 404, as if the code did not exist.
  app.get(
    '/o/:code',
    {
      schema: {
        operationId: 'getOriginalPage',
        summary: "A staged photo's unaltered original, as a public page (while its project is published)",
        tags,
        params: CodeParams,
        otherResponses: { 200: { description: 'The page', contentType: 'text/html' } },
      },
    },
    async (req, reply) => {
      const found = await exporter.publicOriginal(req.params.code)
      if (!found) throw notFound()
      const html = originalPageHtml(pageLanguage(req.headers['accept-language']), {
        projectName: found.projectName,
        reference: found.reference,
        photoUrl: `/api/o/${req.params.code}/photo`,
        facesBlurred: found.facesBlurred,
      })
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .send(html as never)
    },
  )
  app.get(
    '/o/:code/photo',
    {
      schema: {
        operationId: 'getOriginalPhoto',
        summary: "The unaltered original's file (while its project is published)",
        tags,
        params: CodeParams,
        otherResponses: { 200: { description: 'The photo as uploaded', contentType: 'image/*' } },
      },
    },
    async (req, reply) => {
      const found = await exporter.publicOriginal(req.params.code)
      const bytes = found ? await ctx.storage.blobs.get(found.originalKey) : null
      if (!found || !bytes) throw notFound()
      return reply
        .type(contentTypeOf(found.originalKey))
        .header('cache-control', 'no-store')
        .send(bytes as never)
    },
  )

  authenticated(app, db, (api) => {
    api.get(
      '/user/projects',
      {
        schema: {
          operationId: 'listProjects',
          summary: 'Your projects, most recently changed first',
          tags,
          response: { 200: ProjectsResponse },
        },
      },
      async (req) => ({ projects: await projects.list(req.user.userId) }),
    )
    api.post(
      '/user/projects',
      {
        schema: {
          operationId: 'createProject',
          summary: 'Create a project (a listing or a design job)',
          tags,
          body: ProjectInput,
          response: { 201: ProjectResponse },
        },
      },
      async (req, reply) =>
        reply.code(201).send({ project: await projects.create(req.user.userId, req.body) }),
    )
    api.get(
      '/user/projects/:id',
      {
        schema: {
          operationId: 'getProject',
          summary: 'A project with each source photo and its versions',
          tags,
          params: IdParams,
          response: { 200: ProjectDetailResponse },
        },
      },
      async (req) => projects.detail(req.user.userId, req.params.id),
    )
    api.put(
      '/user/projects/:id',
      {
        schema: {
          operationId: 'updateProject',
          summary: "Change a project's name, reference, client, notes or board",
          tags,
          params: IdParams,
          body: ProjectInput,
          response: { 200: ProjectResponse },
        },
      },
      async (req) => ({ project: await projects.update(req.user.userId, req.params.id, req.body) }),
    )
    api.delete(
      '/user/projects/:id',
      {
        schema: {
          operationId: 'deleteProject',
          summary: 'Delete a project; its generations stay in the gallery',
          tags,
          params: IdParams,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await projects.delete(req.user.userId, req.params.id)
        return { success: true as const }
      },
    )
    api.put(
      '/user/projects/:id/published',
      {
        schema: {
          operationId: 'publishProject',
          summary:
            'Publish or unpublish a project: the public pages of its originals answer only while published',
          tags,
          params: IdParams,
          body: PublishProjectRequest,
          response: { 200: ProjectResponse },
        },
      },
      async (req) => ({
        project: await projects.setPublished(req.user.userId, req.params.id, req.body.published),
      }),
    )
    api.post(
      '/user/projects/:id/batch/quote',
      {
        schema: {
          operationId: 'quoteListingBatch',
          summary:
            'Quote a whole listing: chosen photos of the project times chosen kinds, one line per engine step; nothing is held',
          tags,
          params: IdParams,
          body: ListingBatchRequest,
          response: { 200: ListingQuoteResponse },
        },
      },
      async (req) => listing.quote(req.user, req.params.id, req.body),
    )
    api.post(
      '/user/projects/:id/batch',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          operationId: 'runListingBatch',
          summary:
            'Run a whole listing: one hold for the total, one job per photo and kind, each releasing its share if it fails',
          tags,
          params: IdParams,
          body: ListingBatchRequest,
          response: { 202: ListingBatchResponse },
        },
      },
      async (req, reply) => reply.code(202).send(await listing.run(req.user, req.params.id, req.body)),
    )
    api.post(
      '/user/projects/:id/export',
      {
        schema: {
          operationId: 'exportProjectForMls',
          summary:
            "Export a project for its MLS board: a zip in the board's order with captions.csv and remarks.txt, refused with reasons when it breaks the board's rules",
          tags,
          params: IdParams,
          otherResponses: { 200: { description: 'The zip', contentType: 'application/zip' } },
        },
      },
      async (req, reply) => {
        const { zip, fileName } = await exporter.build(req.user.userId, req.params.id)
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(zip as never)
      },
    )
    api.put(
      '/user/generations/:id/project',
      {
        schema: {
          operationId: 'assignGenerationProject',
          summary: 'Put a generation in a project, move it to another, or take it out (null)',
          tags,
          params: IdParams,
          body: AssignProjectRequest,
          response: { 200: GenerationResponse },
        },
      },
      async (req) => ({
        generation: await projects.assign(req.user.userId, req.params.id, req.body.projectId),
      }),
    )
    api.post(
      '/user/generations/:id/copy',
      {
        schema: {
          operationId: 'copyGenerationToProject',
          summary: 'Copy a finished result into a project (the same files; costs nothing)',
          tags,
          params: IdParams,
          body: CopyToProjectRequest,
          response: { 201: GenerationResponse },
        },
      },
      async (req, reply) =>
        reply
          .code(201)
          .send({ generation: await projects.copy(req.user.userId, req.params.id, req.body.projectId) }),
    )
    api.get(
      '/user/brand-kit',
      {
        schema: {
          operationId: 'getBrandKit',
          summary:
            'Your brand kit: logo, colours and agent card (drawn only on social, brochure and website exports)',
          tags,
          response: { 200: BrandKitResponse },
        },
      },
      async (req) => ({ brandKit: await branding.get(req.user.userId) }),
    )
    api.put(
      '/user/brand-kit',
      {
        schema: {
          operationId: 'updateBrandKit',
          summary: 'Change your brand kit; the logo as a data URL (null removes it, absent keeps it)',
          tags,
          body: BrandKitInput,
          response: { 200: BrandKitResponse },
        },
      },
      async (req) => ({ brandKit: await branding.put(req.user.userId, req.body) }),
    )
    api.post(
      '/user/generations/:id/branded',
      {
        schema: {
          operationId: 'exportBranded',
          summary:
            'A result drawn with your brand kit for a channel: a 1080² social post, an A4 brochure page or a 1920×1080 website image (JPEG); never for MLS',
          tags,
          params: IdParams,
          body: BrandedExportRequest,
          otherResponses: { 200: { description: 'The image', contentType: 'image/jpeg' } },
        },
      },
      async (req, reply) => {
        const jpeg = await branding.render(req.user.userId, req.params.id, req.body.target)
        return reply
          .type('image/jpeg')
          .header('content-disposition', `attachment; filename="${req.body.target}-${req.params.id}.jpg"`)
          .header('cache-control', 'no-store')
          .send(jpeg as never)
      },
    )
    api.get(
      '/mls-boards',
      {
        schema: {
          operationId: 'listMlsBoards',
          summary: "The MLS boards' rules for altered photos, with their sources and the date checked",
          tags,
          response: { 200: MlsBoardsResponse },
        },
      },
      async () => ({ boards: await boards(db) }),
    )
  })

  authenticated(
    app,
    db,
    (admin) => {
      admin.put(
        '/admin/mls-boards/:id',
        {
          schema: {
            operationId: 'updateMlsBoard',
            summary: "Change an MLS board's rules (admin)",
            tags: ['admin'],
            params: IdParams,
            body: MlsBoardInput,
            response: { 200: MlsBoardResponse },
          },
        },
        async (req) => ({ board: await updateBoardProfile(db, req.params.id, req.body) }),
      )
    },
    { admin: true },
  )
}
