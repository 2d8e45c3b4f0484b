import { FAILURES, MATERIAL_IDS, priceOf, RenderStartFields, resolvePaint } from '@parti/contract'
import { z } from 'zod'
import { AppError, invalid } from '../domain/errors.ts'
import { decodeMask, decodeRgb } from '../engines/local/image-io.ts'
import { findSurface } from '../engines/local/prep/repaint.ts'
import { readMask } from '../storage/uploads.ts'
import { inputOf, runPlanFor, runPlanMetadata, storeMask } from './shared.ts'
import type { KindDefinition } from './types.ts'

const Point = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })

const RepaintTask = z.object({
  kind: z.literal('repaint'),
  inputKey: z.string(),
  maskKey: z.string().nullable(),
  /** the colour's label, or null when a material is laid */
  paint: z.string().nullable(),
  material: z.enum(MATERIAL_IDS).nullable().default(null),
  point: Point.nullable(),
})

/** `paintPoint` "x,y" (fractions of the picture), or null when absent. */
export function pointOf(field: string | undefined): z.infer<typeof Point> | null {
  if (field === undefined) return null
  const [x, y, extra] = field.split(',').map((v) => Number(v.trim()))
  const p = Point.safeParse({ x, y })
  if (extra !== undefined || !p.success)
    throw new AppError('validation_failed', 'paintPoint: "x,y" as fractions of the picture', {
      field: 'paintPoint',
    })
  return p.data
}

/** the surface is looked for on a copy this long at most before pricing (the engine works at full size) */
const PLAN_SIDE = 1600

/**
 * Repaint in an exact colour (docs/decisions/0112-repaint-exact-colours.md) or with a material from the library
 * (docs/decisions/0120-repaint-materials.md): a click (`paintPoint`) inside a wall, floor or ceiling, the lasso
 * (`maskData`) to bound it or stand for it, and exactly one of a colour (`paintColor`) and a material
 * (`material`). The colour must be one the table knows and, on the built-in engine, the click must find a
 * surface — all checked before anything is charged.
 */
export const repaint: KindDefinition<'repaint', RenderStartFields, z.infer<typeof RepaintTask>> = {
  kind: 'repaint',
  fields: RenderStartFields,
  task: RepaintTask,
  async plan(pc, f) {
    if (!pc.parts.files.get('image')?.length && !f.sourceGenerationId && !f.imageUrl)
      throw invalid('room_photo_required', 'image')
    if (f.paintColor !== undefined && f.material !== undefined)
      throw new AppError(
        'validation_failed',
        'Give either paintColor or material, not both: a surface takes one colour or one material',
        { field: 'material' },
      )
    const material = f.material ?? null
    const paint = f.paintColor ? resolvePaint(f.paintColor) : null
    if (!material && !f.paintColor)
      throw new AppError(
        'validation_failed',
        'Give a colour (paintColor) or a material from the library (material) for the surface',
        { field: 'paintColor' },
      )
    if (!material && !paint)
      throw new AppError('validation_failed', FAILURES.paint_unknown, {
        field: 'paintColor',
        reason: 'paint_unknown',
      })
    const point = pointOf(f.paintPoint)
    const run = runPlanFor(pc, 'repaint', { userPrompt: '' })
    const input = (await inputOf(pc, 'image', f))!
    const mask = await readMask(pc.parts, input, false)
    const refuse = () =>
      new AppError('not_offered', FAILURES.surface_not_found, {
        reason: 'surface_not_found',
        field: 'paintPoint',
      })
    if (!point && !mask) throw refuse()
    if (pc.capabilities.repaint.steps[0]?.engine === 'local') {
      const data = await pc.ctx.storage.blobs.get(input.key)
      if (!data) throw refuse()
      const k = Math.min(1, PLAN_SIDE / Math.max(input.width, input.height))
      const w = Math.max(1, Math.round(input.width * k))
      const h = Math.max(1, Math.round(input.height * k))
      const image = await decodeRgb(data, w, h)
      const lasso = mask ? (await decodeMask(mask, w, h)).mask : null
      if (!(await findSurface(data, image, point, lasso))) throw refuse()
    }
    const maskKey = mask ? await storeMask(pc, mask) : null
    return {
      batchId: null,
      jobs: [
        {
          mode: 'repaint',
          cost: priceOf('repaint'),
          userPrompt: '',
          enhancedPrompt: null,
          sourceGenerationId: input.sourceGenerationId,
          inputKeys: [input.key],
          ...(maskKey ? { maskKey } : {}),
          metadata: runPlanMetadata('repaint', run),
          task: {
            kind: 'repaint',
            inputKey: input.key,
            maskKey,
            paint: paint?.label ?? null,
            material,
            point,
          } satisfies z.infer<typeof RepaintTask>,
        },
      ],
    }
  },
  steps: {
    repaint: async (task, sc) => ({
      kind: 'repaint',
      input: sc.input,
      paint: task.paint,
      material: task.material,
      point: task.point,
      mask: task.maskKey ? await sc.load(task.maskKey) : null,
    }),
  },
}
