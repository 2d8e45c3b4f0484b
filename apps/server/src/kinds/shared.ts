import {
  type AskingRequest,
  askedEffects,
  type ColorPalette,
  KINDS,
  type Kind,
  planRun,
  type RunPlan,
  type Step,
} from '@parti/contract'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { getPalette, getStyleRow } from '../catalog/repo.ts'
import { conversations } from '../db/schema.ts'
import { AppError, invalid } from '../domain/errors.ts'
import { isUuid, uuidv7 } from '../lib/ids.ts'
import { userKey } from '../storage/service.ts'
import { type ResolvedInput, resolveInput } from './inputs.ts'
import type { PlanContext } from './types.ts'

/** A style as the job keeps it: an admin's edit while the job waits changes nothing. */
export const StyleSnapshot = z.object({
  id: z.string(),
  name: z.string(),
  prompt: z.string(),
  negativePrompt: z.string(),
  qualityPrompt: z.string(),
  localParams: z.any().nullable(),
})
export type StyleSnapshot = z.infer<typeof StyleSnapshot>
export const PaletteSnapshot = z.object({ id: z.string(), name: z.string(), colors: z.array(z.string()) })
export type PaletteSnapshot = z.infer<typeof PaletteSnapshot>

/** Parse request fields; the first problem answers 400 naming its field. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, unknown>): z.infer<T> {
  const r = schema.safeParse(fields)
  if (!r.success) {
    const issue = r.error.issues[0]!
    const field = issue.path.join('.')
    throw new AppError('validation_failed', `${field}: ${issue.message}`, { field })
  }
  return r.data
}

export async function styleSnapshot(pc: PlanContext, id: string | undefined): Promise<StyleSnapshot | null> {
  if (!id) return null
  const row = await getStyleRow(pc.ctx.database.db, id)
  if (!row) throw invalid('unknown_style', 'styleId')
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    negativePrompt: row.negativePrompt,
    qualityPrompt: row.qualityPrompt,
    localParams: row.localParams ?? null,
  }
}

/** The palette with its description in words (for the prompt); `snapshot` drops the words for the payload. */
export async function paletteOf(
  pc: PlanContext,
  id: string | undefined,
): Promise<(PaletteSnapshot & { description: string }) | null> {
  if (!id) return null
  const p: ColorPalette | null = await getPalette(pc.ctx.database.db, id)
  if (!p) throw invalid('unknown_palette', 'colorPaletteId')
  return { id: p.id, name: p.name, colors: p.colors, description: p.description }
}

export function snapshot(p: (PaletteSnapshot & { description?: string }) | null): PaletteSnapshot | null {
  if (!p) return null
  const { description: _d, ...rest } = p
  return rest
}

/** Ask Parti: the conversation an edit belongs to must be the user's own. */
export async function requireConversation(pc: PlanContext, id: string | undefined): Promise<string | null> {
  if (!id) return null
  if (!isUuid(id)) throw invalid('conversation_required', 'conversationId')
  const [c] = await pc.ctx.database.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, pc.session.userId)))
  if (!c) throw invalid('conversation_required', 'conversationId')
  return c.id
}

/** Store the lasso mask beside the user's uploads (deleted again if the request fails). */
export async function storeMask(pc: PlanContext, mask: Buffer): Promise<string> {
  const key = userKey(pc.session.userId, 'uploads', `${uuidv7()}-mask.png`)
  await pc.ctx.storage.blobs.put(key, mask, 'image/png')
  pc.stored.push(key)
  return key
}

/** The request's input image (file part, earlier result or URL), remembered for clean-up when it was uploaded. */
export async function inputOf(
  pc: PlanContext,
  fileField: string,
  source: { imageUrl?: string | undefined; sourceGenerationId?: string | undefined },
): Promise<ResolvedInput | null> {
  const input = await resolveInput(pc.ctx, pc.session, pc.parts, fileField, source)
  if (input?.uploaded) pc.stored.push(input.key)
  return input
}

/** A multi-step kind's phases as a new job shows them: pending, or skipped when the step does not run. */
export function pendingPhases(kind: Kind, running?: readonly Step[]): Record<string, 'pending' | 'skipped'> {
  const steps = KINDS[kind].steps as readonly { step: Step; phase?: string }[]
  return Object.fromEntries(
    steps.flatMap((s) =>
      s.phase ? [[s.phase, !running || running.includes(s.step) ? 'pending' : 'skipped']] : [],
    ),
  )
}

/**
 * What will run for a request of a kind on the engines serving it (docs/product.md#capabilities): refuses with
 * 422 and nothing charged when none of what it asks can be done, else the steps to run and what is skipped.
 */
export function runPlanFor(pc: PlanContext, kind: Kind, request: AskingRequest): RunPlan & { steps: Step[] } {
  const caps = pc.capabilities[kind]
  pc.asked = askedEffects(kind, request)
  const plan = planRun(kind, caps, pc.asked)
  if (!plan.steps) {
    const why = plan.skipped.map((s) => s.note).filter(Boolean)
    throw new AppError('not_offered', why.length ? why.join(' ') : undefined, {
      skipped: plan.skipped,
      engine: caps.steps.map((step) => step.engine).join(', '),
    })
  }
  return { ...plan, steps: plan.steps }
}

/**
 * The run plan's facts as the job keeps them: what will not be done, what only approximately (said again on the
 * result, docs/product.md#result-notes), and which of the steps run. A multi-angle job keeps the approximation
 * of its own angle only.
 */
export function runPlanMetadata(
  kind: Kind,
  plan: RunPlan & { steps: Step[] },
  angle?: string,
): Record<string, unknown> {
  const all = KINDS[kind].steps.length
  const approximated = plan.approximated.filter(
    (a) => !angle || !a.ask.startsWith('angle.') || a.ask === `angle.${angle}`,
  )
  return {
    ...(plan.skipped.length ? { skipped: plan.skipped } : {}),
    ...(approximated.length ? { approximated } : {}),
    ...(plan.steps.length < all ? { steps: plan.steps } : {}),
  }
}
