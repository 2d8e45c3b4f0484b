import type { Generation, Project, ProjectDetailResponse, ProjectInput, ProjectSource } from '@parti/contract'
import { ProjectInput as ProjectInputSchema } from '@parti/contract'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { emitUserEvent } from '../db/repos/events.ts'
import { findOwnGeneration } from '../db/repos/generations.ts'
import {
  deleteOwnProject,
  findBoard,
  findOwnProject,
  insertProject,
  listProjects,
  type ProjectRow,
  projectGenerations,
  updateOwnProject,
} from '../db/repos/projects.ts'
import { generations } from '../db/schema.ts'
import { AppError, notFound } from '../domain/errors.ts'
import { toGeneration } from '../jobs/serialize.ts'
import { isUuid, uuidv7 } from '../lib/ids.ts'
import type { StorageService } from '../storage/service.ts'

type Listed = { row: ProjectRow; generations: number; coverKey: string | null }

/**
 * A user's projects (docs/product.md#projects, docs/decisions/0104-projects-own-their-generations.md): a
 * generation belongs to at most one; moving changes that, copying makes a second row over the same files.
 * Another user's ids are not found, always.
 */
export class ProjectService {
  constructor(
    private readonly db: Db,
    private readonly storage: StorageService,
  ) {}

  private toProject(p: Listed): Project {
    return {
      id: p.row.id,
      name: p.row.name,
      reference: p.row.reference,
      client: p.row.client,
      notes: p.row.notes,
      boardId: p.row.boardId,
      published: p.row.published,
      privacyRequired: p.row.privacyRequired,
      generations: p.generations,
      coverUrl: this.storage.urlFor(p.coverKey),
      createdAt: p.row.createdAt.toISOString(),
      updatedAt: p.row.updatedAt.toISOString(),
    }
  }

  private async checkBoard(boardId: string | null): Promise<void> {
    if (boardId && !(await findBoard(this.db, boardId)))
      throw new AppError('validation_failed', 'boardId: no such board', { field: 'boardId' })
  }

  async list(userId: string): Promise<Project[]> {
    return (await listProjects(this.db, userId)).map((p) => this.toProject(p))
  }

  async project(userId: string, id: string): Promise<Project> {
    const found = isUuid(id) ? await findOwnProject(this.db, userId, id) : null
    if (!found) throw notFound()
    return this.toProject(found)
  }

  async create(userId: string, input: ProjectInput): Promise<Project> {
    const values = ProjectInputSchema.parse(input)
    await this.checkBoard(values.boardId)
    const row = await insertProject(this.db, { id: uuidv7(), userId, ...values })
    return this.toProject({ row, generations: 0, coverKey: null })
  }

  async update(userId: string, id: string, input: ProjectInput): Promise<Project> {
    const values = ProjectInputSchema.parse(input)
    if (!isUuid(id)) throw notFound()
    await this.checkBoard(values.boardId)
    if (!(await updateOwnProject(this.db, userId, id, values))) throw notFound()
    return this.project(userId, id)
  }

  async setPublished(userId: string, id: string, published: boolean): Promise<Project> {
    if (!isUuid(id) || !(await updateOwnProject(this.db, userId, id, { published }))) throw notFound()
    return this.project(userId, id)
  }

  /** Its generations stay, out of any project; the public pages of its originals go with it. */
  async delete(userId: string, id: string): Promise<void> {
    if (!isUuid(id) || !(await deleteOwnProject(this.db, userId, id))) throw notFound()
  }

  /**
   * The project page: each source photo with its versions side by side. A version belongs to the photo it was
   * made from: its input, or for a video of a result, the result's photo (followed through sourceGenerationId).
   */
  async detail(userId: string, id: string): Promise<ProjectDetailResponse> {
    const project = await this.project(userId, id)
    const rows = await projectGenerations(this.db, userId, id)
    const groups = new Map<string, { inputKey: string | null; versions: Generation[] }>()
    const groupOf = new Map<string, string>()
    for (const row of rows) {
      const parent = row.sourceGenerationId ? groupOf.get(row.sourceGenerationId) : undefined
      const key = parent ?? row.inputKeys[0] ?? `text:${row.id}`
      const group = groups.get(key) ?? { inputKey: row.inputKeys[0] ?? null, versions: [] }
      group.versions.push(toGeneration(row, this.storage))
      groups.set(key, group)
      groupOf.set(row.id, key)
    }
    const sources: ProjectSource[] = [...groups.values()].map((g) => ({
      inputUrl: this.storage.urlFor(g.inputKey),
      versions: g.versions,
    }))
    return { project, sources }
  }

  private async ownProjectId(userId: string, projectId: string): Promise<void> {
    if (!(await findOwnProject(this.db, userId, projectId))) throw notFound()
  }

  /** Put a generation in a project, move it to another, or (null) out of any. */
  async assign(userId: string, generationId: string, projectId: string | null): Promise<Generation> {
    if (!isUuid(generationId)) throw notFound()
    if (projectId) await this.ownProjectId(userId, projectId)
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(generations)
        .set({ projectId, updatedAt: new Date() })
        .where(
          and(
            eq(generations.id, generationId),
            eq(generations.userId, userId),
            eq(generations.deleted, false),
          ),
        )
        .returning()
      if (!row) throw notFound()
      const generation = toGeneration(row, this.storage)
      await emitUserEvent(tx, userId, 'generation.updated', generation)
      return generation
    })
  }

  /**
   * A copy of a finished result in another project: a new row over the same files (files are only deleted with
   * the account), costing nothing, so the totals count credits once.
   */
  async copy(userId: string, generationId: string, projectId: string): Promise<Generation> {
    const source = isUuid(generationId) ? await findOwnGeneration(this.db, userId, generationId) : null
    if (!source) throw notFound()
    await this.ownProjectId(userId, projectId)
    if (source.status !== 'completed') throw new AppError('conflict', 'Only a finished result can be copied')
    const now = new Date()
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(generations)
        .values({
          ...source,
          id: uuidv7(now.getTime()),
          projectId,
          creditsCost: 0,
          creditsRefunded: 0,
          favorite: false,
          batchId: null,
          metadata: { ...source.metadata, copiedFrom: source.id },
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      const generation = toGeneration(row!, this.storage)
      await emitUserEvent(tx, userId, 'generation.created', generation)
      return generation
    })
  }
}
