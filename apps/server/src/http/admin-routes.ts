import {
  AdminPlanInput,
  AdminPlanResponse,
  AdminPlansResponse,
  AdminStyleResponse,
  AdminStylesResponse,
  CleanupStylesResponse,
  IdParams,
  InitializeStylesResponse,
  OkResponse,
  ReorderStylesRequest,
  StyleImageUploadResponse,
  StyleInput,
} from '@parti/contract'
import { z } from 'zod'
import { cleanUpStyles } from '../admin/cleanup.ts'
import { listAdminPlans, updatePlan } from '../admin/plans.ts'
import { STYLE_IMAGE_FILE, storeStyleImage, styleImageKey } from '../admin/style-images.ts'
import { createStyle, deleteStyle, listAdminStyles, reorderStyles, updateStyle } from '../admin/styles.ts'
import { restoreDefaultStyles } from '../catalog/seed.ts'
import type { AppContext } from '../context.ts'
import { AppError, notFound } from '../domain/errors.ts'
import { authenticated } from './auth-scope.ts'
import { readParts } from './read-parts.ts'
import type { Api } from './types.ts'

/** The upload's one part, for the document (the route reads the multipart body itself: http/read-parts.ts). */
const StyleImageUpload = z.object({
  image: z.string().meta({ format: 'binary' }).describe('the style image (PNG, JPEG or WebP, at most 10 MB)'),
})

const tags = ['admin']

/**
 * The admin calls of docs/product.md#api-admin: style management (docs/product.md#admin-styles) and plans.
 * docs/decisions/0011-admin-role-on-the-server.md: every /api/admin/* call answers 403 to
 * anyone without the admin role, checked when the request arrives, before its body is read or validated.
 */
export function adminRoutes(app: Api, ctx: AppContext): void {
  const db = ctx.database.db

  authenticated(
    app,
    db,
    (admin) => {
      admin.get(
        '/admin/styles',
        {
          schema: {
            operationId: 'adminListStyles',
            summary: 'Every style, hidden ones included (admin)',
            tags,
            response: { 200: AdminStylesResponse },
          },
        },
        async () => listAdminStyles(db),
      )

      admin.post(
        '/admin/styles',
        {
          schema: {
            operationId: 'adminCreateStyle',
            summary: 'Create a style (admin)',
            tags,
            body: StyleInput,
            response: { 201: AdminStyleResponse },
          },
        },
        async (req, reply) => reply.status(201).send({ style: await createStyle(ctx, req.body) }),
      )

      admin.put(
        '/admin/styles/reorder',
        {
          schema: {
            operationId: 'adminReorderStyles',
            summary: 'Set the order of the styles (admin)',
            tags,
            body: ReorderStylesRequest,
            response: { 200: AdminStylesResponse },
          },
        },
        async (req) => {
          await reorderStyles(db, req.body.styles)
          return listAdminStyles(db)
        },
      )

      admin.put(
        '/admin/styles/:id',
        {
          schema: {
            operationId: 'adminUpdateStyle',
            summary: 'Change a style (admin)',
            tags,
            params: IdParams,
            body: StyleInput,
            response: { 200: AdminStyleResponse },
          },
        },
        async (req) => ({ style: await updateStyle(ctx, req.params.id, req.body) }),
      )

      admin.delete(
        '/admin/styles/:id',
        {
          schema: {
            operationId: 'adminDeleteStyle',
            summary: 'Delete a style (admin)',
            tags,
            params: IdParams,
            response: { 200: OkResponse },
          },
        },
        async (req) => {
          await deleteStyle(ctx, req.params.id)
          return { success: true as const }
        },
      )

      admin.post(
        '/admin/styles/initialize',
        {
          schema: {
            operationId: 'adminInitializeStyles',
            tags,
            summary: 'Restore the default styles (adds the missing ones, keeps edited ones)',
            response: { 200: InitializeStylesResponse },
          },
        },
        async () => ({ added: await restoreDefaultStyles(ctx.database) }),
      )

      admin.post(
        '/admin/styles/upload-image',
        {
          schema: {
            operationId: 'adminUploadStyleImage',
            tags,
            summary: 'Upload a style image (multipart field `image`: PNG, JPEG or WebP, at most 10 MB)',
            consumes: ['multipart/form-data'],
            documentedBody: StyleImageUpload,
            response: { 201: StyleImageUploadResponse },
          },
        },
        async (req, reply) => {
          const image = (await readParts(req)).files.get('image')?.[0]
          if (!image) throw new AppError('invalid_image_file', undefined, { field: 'image' })
          return reply.status(201).send(await storeStyleImage(ctx.storage, image))
        },
      )

      admin.post(
        '/admin/styles/cleanup',
        {
          schema: {
            operationId: 'adminCleanupStyles',
            tags,
            summary: 'Clean up style ids, positions, empty categories and missing images (docs/admin.md)',
            response: { 200: CleanupStylesResponse },
          },
        },
        async () => cleanUpStyles(ctx),
      )

      admin.get(
        '/admin/plans',
        {
          schema: {
            operationId: 'adminListPlans',
            summary: 'Every plan with its settings (admin)',
            tags,
            response: { 200: AdminPlansResponse },
          },
        },
        async () => ({
          plans: await listAdminPlans(db),
        }),
      )

      admin.put(
        '/admin/plans/:id',
        {
          schema: {
            operationId: 'adminUpdatePlan',
            summary: "Change a plan's credits and limits (admin)",
            tags,
            params: IdParams,
            body: AdminPlanInput,
            response: { 200: AdminPlanResponse },
          },
        },
        async (req) => ({ plan: await updatePlan(db, req.params.id, req.body) }),
      )
    },
    { admin: true },
  )

  // Uploaded style images are public, like the style cards that show them; each name is new, so they keep.
  app.get(
    '/style-images/:file',
    { schema: { tags: ['catalog'], params: z.object({ file: z.string().max(64) }), hide: true } },
    async (req, reply) => {
      if (!STYLE_IMAGE_FILE.test(req.params.file)) throw notFound()
      const key = styleImageKey(req.params.file)
      const info = await ctx.storage.blobs.head(key)
      if (!info) throw notFound()
      return reply
        .header('content-type', info.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(await ctx.storage.blobs.stream(key))
    },
  )
}
