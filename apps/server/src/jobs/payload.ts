import { Angle, CameraMovement, RoomType, StagingOption, StagingStyle, VideoDuration } from '@parti/contract'
import { z } from 'zod'

const StyleSnapshot = z.object({
  id: z.string(),
  name: z.string(),
  prompt: z.string(),
  negativePrompt: z.string(),
  qualityPrompt: z.string(),
  localParams: z.any().nullable(),
})
const PaletteSnapshot = z.object({ id: z.string(), name: z.string(), colors: z.array(z.string()) })

/**
 * The job's parameters as stored in generations.payload. Versioned (v) so a worker of a newer release can
 * still run a job queued by an older one. Style and palette are snapshots: an admin edit mid-job changes nothing.
 * Files are blob keys; the worker loads them.
 */
export const JobTask = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('sketch'),
    inputKey: z.string(),
    prompt: z.string(),
    style: StyleSnapshot.nullable(),
    palette: PaletteSnapshot.nullable(),
    customColors: z.array(z.string()).nullable(),
    settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  }),
  z.object({
    kind: z.literal('multi-angle'),
    inputKey: z.string(),
    prompt: z.string(),
    angle: Angle,
    style: StyleSnapshot.nullable(),
    palette: PaletteSnapshot.nullable(),
  }),
  z.object({
    kind: z.literal('staging'),
    inputKey: z.string(),
    maskKey: z.string().nullable(),
    prompt: z.string(),
    roomType: RoomType.nullable(),
    options: z.array(StagingOption),
    stagingStyle: StagingStyle,
    palette: PaletteSnapshot.nullable(),
  }),
  z.object({ kind: z.literal('inpaint'), inputKey: z.string(), maskKey: z.string(), prompt: z.string() }),
  z.object({
    kind: z.literal('magic-edit'),
    inputKey: z.string(),
    maskKey: z.string().nullable(),
    prompt: z.string(),
    palette: PaletteSnapshot.nullable(),
    conversationId: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('animate'),
    inputKey: z.string(),
    prompt: z.string(),
    duration: VideoDuration,
    cameraMovement: CameraMovement,
  }),
])
export type JobTask = z.infer<typeof JobTask>

export const JobPayload = z.object({ v: z.literal(1), task: JobTask })
export type JobPayload = z.infer<typeof JobPayload>
export type StyleSnapshot = z.infer<typeof StyleSnapshot>
export type PaletteSnapshot = z.infer<typeof PaletteSnapshot>
