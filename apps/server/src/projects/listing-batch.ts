import { createHash } from 'node:crypto'
import {
  creditsOfSteps,
  DEFAULT_SEED,
  KINDS,
  type Kind,
  type KindCapabilities,
  type KindInfo,
  ListingBatchRequest,
  type ListingQuoteResponse,
  priceOf,
  type Step,
} from '@parti/contract'
import { and, eq, inArray } from 'drizzle-orm'
import type { SessionUser } from '../auth/sessions.ts'
import type { AppContext } from '../context.ts'
import { findOwnProject } from '../db/repos/projects.ts'
import { planStateOf } from '../db/repos/users.ts'
import { generations, users } from '../db/schema.ts'
import { AppError, notFound } from '../domain/errors.ts'
import { kindCapabilities } from '../engines/capabilities.ts'
import type { EngineRouter } from '../engines/router.ts'
import { createJobs } from '../jobs/create.ts'
import { toGeneration } from '../jobs/serialize.ts'
import { definitionOf } from '../kinds/index.ts'
import { parseFields, pendingPhases } from '../kinds/shared.ts'
import type { NewJob, PlanContext } from '../kinds/types.ts'
import { isUuid, uuidv7 } from '../lib/ids.ts'

/** The description a listing's video jobs are given (their prompt): the camera move says the rest. */
const LISTING_VIDEO_DESCRIPTION = 'A slow camera move through the room, as shown in the photo'

/**
 * Why no job of a room waits for the first: said with every quote (docs/decisions/0117-whole-listing-batch.md).
 * No engine on this installation takes a reference image for staging, so consistency across a room's photos
 * comes from the same style, palette, options, room type and seed.
 */
const REFERENCE_NOTE =
  'No engine serving home staging here accepts a reference image, so photos of the same room are made alike by the same style, palette, options, room type and seed; the first staged photo of a room is recorded as its reference.'

/** What a kind's plan answers for one photo that is a refusal of that photo alone, at no charge. */
const REFUSALS = new Set<string>(['not_offered', 'validation_failed', 'unprocessable', 'conflict'])

interface PlannedLine {
  photo: string
  room: string
  job: NewJob
  kind: Kind
}

interface Planned {
  jobs: PlannedLine[]
  refused: ListingQuoteResponse['refused']
  rooms: ListingQuoteResponse['rooms']
  capabilities: Record<Kind, KindCapabilities>
}

/** A room's seed: the same for every photo of that room in the project, so a room staged again looks the same. */
function roomSeed(projectId: string, room: string): number {
  const n = createHash('sha256').update(`${projectId}\u0000${room}`).digest().readUInt32BE(0) % (2 ** 31 - 2)
  return n + 1 === DEFAULT_SEED ? n + 2 : n + 1
}

/**
 * A whole listing in one go (docs/decisions/0117-whole-listing-batch.md): every chosen photo of a project times
 * every chosen kind, each planned by the kind's own definition exactly as a single request would be (so a kind
 * added to LISTING_KINDS joins with nothing written here), quoted line by line, then accepted as one hold for
 * the total with one job per photo and kind, each settling its own share.
 */
export class ListingBatch {
  constructor(
    private readonly ctx: AppContext,
    private readonly engines: EngineRouter,
  ) {}

  private async plan(session: SessionUser, projectId: string, body: unknown): Promise<Planned> {
    const db = this.ctx.database.db
    if (!isUuid(projectId) || !(await findOwnProject(db, session.userId, projectId))) throw notFound()
    const req = ListingBatchRequest.parse(body)
    const ids = [...new Set(req.photos.map((p) => p.generationId))]
    const rows = await db
      .select({ id: generations.id, inputKeys: generations.inputKeys })
      .from(generations)
      .where(
        and(
          inArray(generations.id, ids),
          eq(generations.userId, session.userId),
          eq(generations.projectId, projectId),
          eq(generations.deleted, false),
        ),
      )
    const keyOf = new Map(rows.map((r) => [r.id, r.inputKeys[0] ?? null]))
    for (const id of ids) {
      if (!keyOf.has(id))
        throw new AppError('validation_failed', 'photos: each photo must be a result in this project', {
          field: 'photos',
          generationId: id,
        })
      if (!keyOf.get(id))
        throw new AppError('validation_failed', 'photos: this result has no source photo', {
          field: 'photos',
          generationId: id,
        })
    }
    const capabilities = kindCapabilities(this.engines, await planStateOf(db, session.userId))
    // a room's settings are its first photo's; a photo without a room tag is a room of its own
    const roomTypes = new Map<string, string | undefined>()
    const roomCounts = new Map<string, number>()
    const photos = req.photos
      .filter(
        (p, i, all) => all.findIndex((q) => keyOf.get(q.generationId) === keyOf.get(p.generationId)) === i,
      )
      .map((p) => {
        const room = p.room.trim() || `photo ${p.generationId.slice(-6)}`
        const roomKey = room.toLowerCase()
        if (!roomTypes.has(roomKey)) roomTypes.set(roomKey, p.roomType)
        roomCounts.set(roomKey, (roomCounts.get(roomKey) ?? 0) + 1)
        return { ...p, room, roomKey, roomType: roomTypes.get(roomKey) }
      })
    const planned: Planned = { jobs: [], refused: [], rooms: [], capabilities }
    const referenceOf = new Map<string, string>()
    for (const photo of photos) {
      const key = keyOf.get(photo.generationId)!
      for (const step of req.steps) {
        const info: KindInfo = KINDS[step.kind]
        if (info.type === 'video' && !photo.video) continue
        const definition = definitionOf(step.kind)
        const request: KindInfo['request'] = info.request
        const fields: Record<string, unknown> = {
          ...('generationType' in request ? { generationType: request.generationType } : {}),
          imageUrl: `/api/files/${key}`,
          stagingStyle: req.stagingStyle,
          stagingOptions: req.stagingOptions,
          roomType: photo.roomType,
          description: LISTING_VIDEO_DESCRIPTION,
          ...(req.colorPaletteId ? { colorPaletteId: req.colorPaletteId } : {}),
          ...(req.duration ? { duration: req.duration } : {}),
          ...(req.cameraMovement ? { cameraMovement: req.cameraMovement } : {}),
        }
        const pc: PlanContext = {
          ctx: this.ctx,
          session,
          parts: { fields, files: new Map() },
          stored: [],
          capabilities,
        }
        try {
          const plan = await definition.plan(pc, parseFields(definition.fields, fields))
          for (const job of plan.jobs) {
            const all = info.steps.map((s) => s.step)
            const running = job.steps ?? all
            const only = step.steps ? running.filter((s) => step.steps!.includes(s)) : running
            if (only.length === 0) {
              planned.refused.push({
                generationId: photo.generationId,
                kind: step.kind,
                reason: 'not_offered',
                message: 'None of the asked steps runs on the engines serving this kind.',
              })
              continue
            }
            const seed = info.variations ? roomSeed(projectId, photo.roomKey) : null
            const reference = info.generationType === 'home-staging' && step.kind === 'staging'
            if (reference && !referenceOf.has(photo.roomKey))
              referenceOf.set(photo.roomKey, photo.generationId)
            const price = job.cost
            planned.jobs.push({
              photo: photo.generationId,
              room: photo.room,
              kind: step.kind,
              job: {
                ...job,
                ...(only.length < all.length ? { steps: only } : {}),
                cost:
                  only.length < running.length
                    ? creditsOfSteps(step.kind, only, priceOf(step.kind, req))
                    : price,
                ...(seed === null ? {} : { seed, task: { ...job.task, seed } }),
                metadata: {
                  ...job.metadata,
                  ...(only.length < all.length
                    ? { steps: only, phases: pendingPhases(step.kind, only) }
                    : {}),
                  listing: {
                    room: photo.room,
                    photo: photo.generationId,
                    ...(reference ? { reference: referenceOf.get(photo.roomKey) } : {}),
                  },
                },
              },
            })
          }
        } catch (err) {
          if (!(err instanceof AppError) || !REFUSALS.has(err.code)) throw err
          planned.refused.push({
            generationId: photo.generationId,
            kind: step.kind,
            reason: String(err.details?.reason ?? err.code),
            message: err.message,
          })
        }
      }
    }
    planned.rooms = [...roomCounts].map(([roomKey, n]) => ({
      room: photos.find((p) => p.roomKey === roomKey)!.room,
      photos: n,
      reference: false,
    }))
    return planned
  }

  /** The itemised quote: one line per photo, kind and engine step; nothing is held or stored. */
  async quote(session: SessionUser, projectId: string, body: unknown): Promise<ListingQuoteResponse> {
    const planned = await this.plan(session, projectId, body)
    const [user] = await this.ctx.database.db
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, session.userId))
    const lines = planned.jobs.flatMap(({ photo, room, kind, job }) => {
      const info: KindInfo = KINDS[kind]
      const running = job.steps ?? info.steps.map((s) => s.step)
      const said = [
        ...((job.metadata.skipped as { note?: string; reason?: string }[] | undefined) ?? []),
        ...((job.metadata.approximated as { note?: string; reason?: string }[] | undefined) ?? []),
      ].filter((n) => n.note)
      const notes = said.map((n) => n.note ?? '')
      const reasons = said.map((n) => n.reason ?? '')
      const capability = (s: Step) =>
        job.engine ?? planned.capabilities[kind].steps.find((c) => c.step === s)?.engine ?? 'local'
      return info.steps
        .filter((s) => running.includes(s.step))
        .map((s, i, shown) => ({
          generationId: photo,
          room,
          kind,
          step: s.step,
          phase: s.phase ?? null,
          engine: capability(s.step),
          // a multi-step kind's lines carry each step's credits; they add up to the job's cost
          credits: shown.length === 1 ? job.cost : (s.credits ?? 0),
          // what is skipped or approximated is said once, on the job's last line (the step that does it)
          notes: i === shown.length - 1 ? notes : [],
          reasons: i === shown.length - 1 ? reasons : [],
        }))
    })
    return {
      lines,
      refused: planned.refused,
      total: planned.jobs.reduce((n, l) => n + l.job.cost, 0),
      balance: user?.credits ?? 0,
      rooms: planned.rooms,
      referenceNote: REFERENCE_NOTE,
    }
  }

  /**
   * Accept the quote: one hold for the total and every job in one transaction (a short balance creates
   * nothing); each job captures or releases its own share as it ends (docs/decisions/0097-variations-one-hold-many-jobs.md).
   */
  async run(session: SessionUser, projectId: string, body: unknown) {
    const planned = await this.plan(session, projectId, body)
    const jobs = planned.jobs.map((l) => l.job)
    const total = jobs.reduce((n, j) => n + j.cost, 0)
    const expected = (body as { expectedTotal?: unknown } | null)?.expectedTotal
    if (typeof expected === 'number' && expected !== total)
      throw new AppError('conflict', 'The quote changed; ask for it again', { expected, total })
    if (jobs.length === 0)
      throw new AppError('not_offered', 'Nothing in this listing can run', { refused: planned.refused })
    const batchId = uuidv7()
    const rows = await createJobs(this.ctx.database, this.ctx.storage, session, jobs, {
      maxAttempts: this.ctx.config.JOB_MAX_ATTEMPTS,
      batchId,
      holdTogether: true,
      holdDescription: `Whole listing: ${jobs.length} jobs`,
      projectId,
    })
    return { batchId, total, generations: rows.map((r) => toGeneration(r, this.ctx.storage)) }
  }
}
