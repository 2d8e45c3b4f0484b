import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { type DbOrTx, rowsOf } from '../client.ts'
import { generations, mlsBoards, originalLinks, projects } from '../schema.ts'

export type ProjectRow = typeof projects.$inferSelect
export type ProjectInsert = typeof projects.$inferInsert
export type BoardRow = typeof mlsBoards.$inferSelect

/**
 * Its generations that are not deleted, and the newest image result's file for its card. The outer row is named
 * in full: drizzle writes a column bare inside a select's sql, where it would name the subquery's own column.
 */
const projectCounts = {
  generations: sql<number>`(select count(*)::int from ${generations} g where g.project_id = "projects"."id" and g.deleted = false)`,
  coverKey: sql<string | null>`(select coalesce(g.thumbnail_key, g.output_image_key) from ${generations} g
    where g.project_id = "projects"."id" and g.deleted = false and g.type = 'image' and g.status = 'completed'
    order by g.created_at desc limit 1)`,
}

export async function listProjects(db: DbOrTx, userId: string) {
  return db
    .select({ row: projects, ...projectCounts })
    .from(projects)
    .where(eq(projects.userId, userId))
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(500)
}

export async function findOwnProject(db: DbOrTx, userId: string, id: string) {
  const [found] = await db
    .select({ row: projects, ...projectCounts })
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.userId, userId)))
  return found ?? null
}

export async function insertProject(db: DbOrTx, values: ProjectInsert) {
  const [row] = await db.insert(projects).values(values).returning()
  return row!
}

export async function updateOwnProject(
  db: DbOrTx,
  userId: string,
  id: string,
  patch: Partial<
    Pick<ProjectRow, 'name' | 'reference' | 'client' | 'notes' | 'boardId' | 'published' | 'privacyRequired'>
  >,
) {
  const [row] = await db
    .update(projects)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(projects.id, id), eq(projects.userId, userId)))
    .returning({ id: projects.id })
  return row ?? null
}

export async function deleteOwnProject(db: DbOrTx, userId: string, id: string) {
  const rows = await db
    .delete(projects)
    .where(and(eq(projects.id, id), eq(projects.userId, userId)))
    .returning({ id: projects.id })
  return rows.length > 0
}

/** A project's generations, oldest first (its page shows each source photo's versions in the order made). */
export async function projectGenerations(db: DbOrTx, userId: string, projectId: string, limit = 1000) {
  return db
    .select()
    .from(generations)
    .where(
      and(
        eq(generations.userId, userId),
        eq(generations.projectId, projectId),
        eq(generations.deleted, false),
      ),
    )
    .orderBy(asc(generations.createdAt), asc(generations.id))
    .limit(limit)
}

export async function listBoards(db: DbOrTx) {
  return db.select().from(mlsBoards).orderBy(asc(mlsBoards.sortOrder), asc(mlsBoards.id))
}

export async function findBoard(db: DbOrTx, id: string) {
  const [row] = await db.select().from(mlsBoards).where(eq(mlsBoards.id, id))
  return row ?? null
}

export async function updateBoard(
  db: DbOrTx,
  id: string,
  values: Omit<BoardRow, 'id' | 'sortOrder' | 'updatedAt'>,
) {
  const [row] = await db
    .update(mlsBoards)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(mlsBoards.id, id))
    .returning()
  return row ?? null
}

/** The short code of a generation's public original page in a project, made on first use. */
export async function originalLinkCode(
  db: DbOrTx,
  link: { userId: string; projectId: string; generationId: string },
  newCode: () => string,
): Promise<string> {
  await db
    .insert(originalLinks)
    .values({ ...link, code: newCode() })
    .onConflictDoNothing({ target: [originalLinks.projectId, originalLinks.generationId] })
  const [row] = await db
    .select({ code: originalLinks.code })
    .from(originalLinks)
    .where(
      and(eq(originalLinks.projectId, link.projectId), eq(originalLinks.generationId, link.generationId)),
    )
  return row!.code
}

/** A public original page's generation, only while its project is published and the generation not deleted. */
export async function publishedOriginal(db: DbOrTx, code: string) {
  const [row] = await db
    .select({ generation: generations, project: projects })
    .from(originalLinks)
    .innerJoin(projects, eq(projects.id, originalLinks.projectId))
    .innerJoin(generations, eq(generations.id, originalLinks.generationId))
    .where(
      and(
        eq(originalLinks.code, code),
        eq(projects.published, true),
        eq(generations.deleted, false),
        eq(generations.projectId, projects.id),
      ),
    )
  return row ?? null
}

/**
 * Of these results, those made from a privacy blur: the result itself or one of its sources, up the chain, is a
 * completed `privacy` job (docs/decisions/0121-boards-requiring-privacy.md). A deleted source still counts: what
 * was made from it was made from the blurred photo.
 */
export async function madeFromPrivacy(db: DbOrTx, userId: string, ids: readonly string[]) {
  if (!ids.length) return new Set<string>()
  const result = await db.execute(sql`
    with recursive up as (
      select g.id as start, g.mode, g.status, g.source_generation_id, 0 as d from generations g
       where g.user_id = ${userId} and g.id in (${sql.join(
         ids.map((id) => sql`${id}`),
         sql`, `,
       )})
      union all
      select up.start, g.mode, g.status, g.source_generation_id, up.d + 1 from generations g
        join up on g.id = up.source_generation_id
       where g.user_id = ${userId} and up.d < 200
    )
    select distinct start from up where mode = 'privacy' and status = 'completed'`)
  return new Set(rowsOf<{ start: string }>(result).map((r) => r.start))
}

/** The newest completed privacy blur of this file in the project, if any (docs/decisions/0121-boards-requiring-privacy.md). */
export async function newestBlurOf(db: DbOrTx, projectId: string, key: string) {
  const [row] = await db
    .select({ id: generations.id, outputImageKey: generations.outputImageKey })
    .from(generations)
    .where(
      and(
        eq(generations.projectId, projectId),
        eq(generations.mode, 'privacy'),
        eq(generations.status, 'completed'),
        eq(generations.deleted, false),
        sql`${generations.inputKeys}->>0 = ${key}`,
      ),
    )
    .orderBy(desc(generations.createdAt), desc(generations.id))
    .limit(1)
  return row?.outputImageKey ? row : null
}
