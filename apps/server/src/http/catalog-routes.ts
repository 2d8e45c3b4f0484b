import {
  CategoriesResponse,
  ColorPaletteResponse,
  ColorPalettesResponse,
  IdParams,
  LocalStyleParams,
  PlansResponse,
  StyleResponse,
  StylesQuery,
  StylesResponse,
} from '@parti/contract'
import { stylePreview } from '../catalog/preview.ts'
import {
  getPalette,
  getStyle,
  getStyleRow,
  listCategories,
  listPalettes,
  listPlans,
  listStyles,
} from '../catalog/repo.ts'
import type { AppContext } from '../context.ts'
import { notFound } from '../domain/errors.ts'
import { authenticated } from './auth-scope.ts'
import type { Api } from './types.ts'

export function catalogRoutes(app: Api, ctx: AppContext): void {
  const db = ctx.database.db

  app.get(
    '/styles',
    {
      schema: {
        operationId: 'listStyles',
        summary: 'The render styles, optionally of one category',
        tags: ['catalog'],
        querystring: StylesQuery,
        response: { 200: StylesResponse },
      },
    },
    async (req) => ({ styles: await listStyles(db, { category: req.query.category }) }),
  )

  app.get(
    '/styles/meta/categories',
    {
      schema: {
        operationId: 'listStyleCategories',
        summary: 'The style categories',
        tags: ['catalog'],
        response: { 200: CategoriesResponse },
      },
    },
    async () => ({ data: await listCategories(db) }),
  )

  app.get(
    '/styles/:id',
    {
      schema: {
        operationId: 'getStyle',
        summary: 'One render style',
        tags: ['catalog'],
        params: IdParams,
        response: { 200: StyleResponse },
      },
    },
    async (req) => {
      const style = await getStyle(db, req.params.id)
      if (!style) throw notFound()
      return { data: style }
    },
  )

  // The style's card image: the admin's upload when there is one, else a preview the project draws.
  app.get(
    '/styles/:id/image',
    {
      schema: {
        operationId: 'getStyleImage',
        otherResponses: { 200: { description: 'The preview image', contentType: 'image/*' } },
        summary: "A style's preview image",
        tags: ['catalog'],
        params: IdParams,
      },
    },
    async (req, reply) => {
      const row = await getStyleRow(db, req.params.id)
      if (!row) throw notFound()
      const uploaded = row.imageKey ? await ctx.storage.blobs.get(row.imageKey) : null
      const image =
        uploaded ??
        (await stylePreview(ctx.storage.blobs, {
          ...row,
          localParams: LocalStyleParams.safeParse(row.localParams).data ?? null,
        }))
      return reply
        .header('content-type', uploaded ? contentTypeFromKey(row.imageKey!) : 'image/webp')
        .header('cache-control', 'public, max-age=3600')
        .send(image)
    },
  )

  app.get(
    '/color-palettes',
    {
      schema: {
        operationId: 'listColorPalettes',
        summary: 'The colour palettes',
        tags: ['catalog'],
        response: { 200: ColorPalettesResponse },
      },
    },
    async () => ({ colorPalettes: await listPalettes(db) }),
  )

  app.get(
    '/color-palettes/:id',
    {
      schema: {
        operationId: 'getColorPalette',
        summary: 'One colour palette',
        tags: ['catalog'],
        params: IdParams,
        response: { 200: ColorPaletteResponse },
      },
    },
    async (req) => {
      const palette = await getPalette(db, req.params.id)
      if (!palette) throw notFound()
      return { colorPalette: palette }
    },
  )

  authenticated(app, db, (api) => {
    api.get(
      '/user/plans',
      {
        schema: {
          operationId: 'listPlans',
          summary: 'The plans on sale, with their prices and credits',
          tags: ['catalog'],
          response: { 200: PlansResponse },
        },
      },
      async () => ({
        plans: await listPlans(db),
      }),
    )
  })
}

function contentTypeFromKey(key: string): string {
  return key.endsWith('.png') ? 'image/png' : key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp'
}
