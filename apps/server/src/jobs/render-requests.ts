import {
  AnimateFields,
  COSTS,
  type ColorPalette,
  DEFAULT_VIDEO_DURATION,
  InpaintFields,
  RenderStartFields,
  STAGING_COST,
} from '@parti/contract'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { SessionUser } from '../auth/sessions.ts'
import { getPalette, getStyleRow } from '../catalog/repo.ts'
import type { AppContext } from '../context.ts'
import { conversations } from '../db/schema.ts'
import { AppError, invalid } from '../domain/errors.ts'
import { enhancePrompt, stagingPromptParts } from '../domain/prompt.ts'
import { isUuid, uuidv7 } from '../lib/ids.ts'
import { userKey } from '../storage/service.ts'
import { type RequestParts, readMask } from '../storage/uploads.ts'
import type { NewJob } from './create.ts'
import { type ResolvedInput, resolveInput } from './inputs.ts'
import type { PaletteSnapshot, StyleSnapshot } from './payload.ts'

export interface RenderPlan {
  jobs: NewJob[]
  batchId: string | null
  /** Ask Parti: the conversation this edit belongs to, so the user's message is recorded with the job */
  conversation?: { id: string; text: string; attachmentKeys: string[] } | null
}

const PRO_BATCH_LIMIT = 10

function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, unknown>): z.infer<T> {
  const r = schema.safeParse(fields)
  if (!r.success) {
    const issue = r.error.issues[0]!
    const field = issue.path.join('.')
    throw new AppError('validation_failed', `${field}: ${issue.message}`, { field })
  }
  return r.data
}

async function styleSnapshot(ctx: AppContext, id: string | undefined): Promise<StyleSnapshot | null> {
  if (!id) return null
  const row = await getStyleRow(ctx.database.db, id)
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

async function palette(
  ctx: AppContext,
  id: string | undefined,
): Promise<(PaletteSnapshot & { description: string }) | null> {
  if (!id) return null
  const p: ColorPalette | null = await getPalette(ctx.database.db, id)
  if (!p) throw invalid('unknown_palette', 'colorPaletteId')
  return { id: p.id, name: p.name, colors: p.colors, description: p.description }
}

async function requireConversation(ctx: AppContext, session: SessionUser, id: string | undefined) {
  if (!id) return null
  if (!isUuid(id)) throw invalid('conversation_required', 'conversationId')
  const [c] = await ctx.database.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, session.userId)))
  if (!c) throw invalid('conversation_required', 'conversationId')
  return c.id
}

const pick = <T extends { description?: string }>(p: T | null) => {
  if (!p) return null
  const { description: _d, ...rest } = p
  return rest
}

/** `POST /render/start`: sketch render, multi-angle, home staging and chat edit, validated as spec §5 says. */
export async function planRenderStart(
  ctx: AppContext,
  session: SessionUser,
  parts: RequestParts,
  stored: string[],
): Promise<RenderPlan> {
  const f = parseFields(RenderStartFields, parts.fields)
  const track = (input: ResolvedInput | null) => {
    if (input?.uploaded) stored.push(input.key)
    return input
  }
  const userPrompt = f.userPrompt.trim()

  switch (f.generationType) {
    case 'sketch-render': {
      if (!parts.files.get('sketch')?.length && !f.sourceGenerationId && !f.imageUrl)
        throw invalid('sketch_required', 'sketch')
      if (!userPrompt) throw invalid('description_required', 'userPrompt')
      const [style, pal] = await Promise.all([styleSnapshot(ctx, f.styleId), palette(ctx, f.colorPaletteId)])
      const input = track(await resolveInput(ctx, session, parts, 'sketch', f))!
      const { prompt, negativePrompt } = enhancePrompt({
        userPrompt,
        style,
        palette: pal,
        customColors: f.customColors,
      })
      return {
        batchId: null,
        jobs: [
          {
            mode: 'sketch',
            cost: COSTS.image,
            userPrompt,
            enhancedPrompt: f.enhancedPrompt ? `${prompt}, ${f.enhancedPrompt}` : prompt,
            negativePrompt,
            styleId: style?.id ?? null,
            colorPaletteId: pal?.id ?? null,
            sourceGenerationId: input.sourceGenerationId,
            inputKeys: [input.key],
            metadata: {
              width: input.width,
              height: input.height,
              ...(f.customColors ? { customColors: f.customColors } : {}),
            },
            task: {
              kind: 'sketch',
              inputKey: input.key,
              prompt,
              style,
              palette: pick(pal),
              customColors: f.customColors ?? null,
              settings: f.settings ?? {},
            },
          },
        ],
      }
    }

    case 'multi-angle': {
      const sketches = parts.files.get('sketch') ?? []
      if (!sketches.length && !f.sourceGenerationId && !f.imageUrl) throw invalid('sketch_required', 'sketch')
      if (!userPrompt) throw invalid('building_description_required', 'userPrompt')
      const angles = [...new Set(f.angles ?? [])]
      if (!angles.length) throw invalid('angle_required', 'angles')
      // DECISIONS: several inputs in one request is the Pro plan's batch processing
      if (sketches.length > 1 && session.plan !== 'pro') {
        throw new AppError('forbidden', 'Batch processing of several sketches is part of the Pro plan')
      }
      if (sketches.length > PRO_BATCH_LIMIT) {
        throw new AppError('validation_failed', `At most ${PRO_BATCH_LIMIT} sketches per batch`, {
          field: 'sketch',
        })
      }
      const [style, pal] = await Promise.all([styleSnapshot(ctx, f.styleId), palette(ctx, f.colorPaletteId)])
      const inputs: ResolvedInput[] = []
      if (sketches.length > 1) {
        for (const data of sketches) {
          const one: RequestParts = { fields: {}, files: new Map([['sketch', [data]]]) }
          inputs.push(track(await resolveInput(ctx, session, one, 'sketch', {}))!)
        }
      } else {
        inputs.push(track(await resolveInput(ctx, session, parts, 'sketch', f))!)
      }
      const batchId = uuidv7()
      const jobs: NewJob[] = []
      for (const input of inputs) {
        for (const angle of angles) {
          const { prompt, negativePrompt } = enhancePrompt({
            userPrompt,
            style,
            palette: pal,
            extra: [`${angle} view of the building`],
          })
          jobs.push({
            mode: 'multi-angle',
            cost: COSTS.perAngle,
            userPrompt,
            enhancedPrompt: prompt,
            negativePrompt,
            styleId: style?.id ?? null,
            colorPaletteId: pal?.id ?? null,
            sourceGenerationId: input.sourceGenerationId,
            inputKeys: [input.key],
            metadata: { angle, angles, batchSize: angles.length * inputs.length },
            task: { kind: 'multi-angle', inputKey: input.key, prompt, angle, style, palette: pick(pal) },
          })
        }
      }
      return { jobs, batchId }
    }

    case 'home-staging': {
      if (!parts.files.get('image')?.length && !f.sourceGenerationId && !f.imageUrl)
        throw invalid('room_photo_required', 'image')
      const pal = await palette(ctx, f.colorPaletteId)
      const input = track(await resolveInput(ctx, session, parts, 'image', f))!
      const mask = await readMask(parts, input, false)
      const maskKey = mask ? await storeMask(ctx, session.userId, mask) : null
      if (maskKey) stored.push(maskKey)
      const stagingStyle = f.stagingStyle ?? 'modern'
      const options = [...new Set(f.stagingOptions ?? [])]
      const { prompt, negativePrompt } = enhancePrompt({
        userPrompt,
        palette: pal,
        extra: stagingPromptParts(stagingStyle, options, f.roomType ?? null),
      })
      return {
        batchId: null,
        jobs: [
          {
            mode: 'staging',
            cost: STAGING_COST,
            userPrompt,
            enhancedPrompt: prompt,
            negativePrompt,
            colorPaletteId: pal?.id ?? null,
            sourceGenerationId: input.sourceGenerationId,
            inputKeys: [input.key],
            maskKey,
            metadata: {
              roomType: f.roomType,
              stagingStyle,
              stagingOptions: options,
              phases: { cleaning: 'pending', staging: 'pending' },
            },
            task: {
              kind: 'staging',
              inputKey: input.key,
              maskKey,
              prompt,
              roomType: f.roomType ?? null,
              options,
              stagingStyle,
              palette: pick(pal),
            },
          },
        ],
      }
    }

    case 'chat-edit': {
      const hasImage = !!parts.files.get('image')?.length || !!f.sourceGenerationId || !!f.imageUrl
      if (!hasImage || !userPrompt)
        throw invalid('chat_prompt_image_required', hasImage ? 'userPrompt' : 'image')
      const conversationId = await requireConversation(ctx, session, f.conversationId)
      const pal = await palette(ctx, f.colorPaletteId)
      const input = track(await resolveInput(ctx, session, parts, 'image', f))!
      const mask = await readMask(parts, input, false)
      const maskKey = mask ? await storeMask(ctx, session.userId, mask) : null
      if (maskKey) stored.push(maskKey)
      return {
        batchId: null,
        conversation: conversationId
          ? { id: conversationId, text: userPrompt, attachmentKeys: [input.key] }
          : null,
        jobs: [
          {
            mode: 'magic-edit',
            cost: COSTS.image,
            userPrompt,
            enhancedPrompt: userPrompt,
            colorPaletteId: pal?.id ?? null,
            sourceGenerationId: input.sourceGenerationId,
            inputKeys: [input.key],
            maskKey,
            metadata: { ...(conversationId ? { conversationId } : {}), ...(maskKey ? { masked: true } : {}) },
            task: {
              kind: 'magic-edit',
              inputKey: input.key,
              maskKey,
              prompt: userPrompt,
              palette: pick(pal),
              conversationId,
            },
          },
        ],
      }
    }
  }
}

async function storeMask(ctx: AppContext, userId: string, mask: Buffer): Promise<string> {
  const key = userKey(userId, 'uploads', `${uuidv7()}-mask.png`)
  await ctx.storage.blobs.put(key, mask, 'image/png')
  return key
}

/** `POST /render/animate`: an image (file, gallery result or URL), a description, 6 or 10 s, a camera move. */
export async function planAnimate(
  ctx: AppContext,
  session: SessionUser,
  parts: RequestParts,
  stored: string[],
): Promise<RenderPlan> {
  const f = parseFields(AnimateFields, parts.fields)
  if (!parts.files.get('image')?.length && !f.imageUrl && !f.sourceGenerationId) {
    throw invalid('video_image_required', 'image')
  }
  if (f.imageUrl && !/^https?:\/\//i.test(f.imageUrl) && !f.imageUrl.startsWith('/api/files/')) {
    throw invalid('invalid_image_url', 'imageUrl')
  }
  const description = f.description.trim()
  if (!description) throw invalid('animation_description_required', 'description')
  const duration = f.duration ?? DEFAULT_VIDEO_DURATION
  const cameraMovement = f.cameraMovement ?? 'zoom_in'
  const input = await resolveInput(ctx, session, parts, 'image', f)
  if (input?.uploaded) stored.push(input.key)
  const videoPrompt = `${description}, camera ${cameraMovement.replace(/_/g, ' ')}`
  return {
    batchId: null,
    jobs: [
      {
        mode: 'animate',
        cost: COSTS.video[duration],
        userPrompt: description,
        enhancedPrompt: videoPrompt,
        videoPrompt,
        sourceGenerationId: input!.sourceGenerationId,
        inputKeys: [input!.key],
        metadata: { duration, cameraMovement },
        task: { kind: 'animate', inputKey: input!.key, prompt: description, duration, cameraMovement },
      },
    ],
  }
}

/** `POST /render/inpainting`: image, lasso mask (spec §5 message when none) and a description. */
export async function planInpaint(
  ctx: AppContext,
  session: SessionUser,
  parts: RequestParts,
  stored: string[],
): Promise<RenderPlan> {
  const f = parseFields(InpaintFields, parts.fields)
  const imageUrl = typeof parts.fields.imageUrl === 'string' ? parts.fields.imageUrl : undefined
  if (!parts.files.get('image')?.length && !f.sourceGenerationId && !imageUrl)
    throw invalid('invalid_image_file', 'image')
  const prompt = f.prompt.trim()
  if (!prompt) throw invalid('edit_prompt_required', 'prompt')
  const conversationId = await requireConversation(ctx, session, f.conversationId)
  const input = (await resolveInput(ctx, session, parts, 'image', { ...f, imageUrl }))!
  if (input.uploaded) stored.push(input.key)
  const mask = (await readMask(parts, input, true))!
  const maskKey = await storeMask(ctx, session.userId, mask)
  stored.push(maskKey)
  return {
    batchId: null,
    conversation: conversationId ? { id: conversationId, text: prompt, attachmentKeys: [input.key] } : null,
    jobs: [
      {
        mode: 'inpaint',
        cost: COSTS.image,
        userPrompt: prompt,
        enhancedPrompt: prompt,
        sourceGenerationId: input.sourceGenerationId,
        inputKeys: [input.key],
        maskKey,
        metadata: conversationId ? { conversationId } : {},
        task: { kind: 'inpaint', inputKey: input.key, maskKey, prompt },
      },
    ],
  }
}
