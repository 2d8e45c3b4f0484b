import type { MlsBoard, MlsBoardInput } from '@parti/contract'
import type { DbOrTx } from '../db/client.ts'
import { type BoardRow, listBoards, updateBoard } from '../db/repos/projects.ts'
import { notFound } from '../domain/errors.ts'

/** A board's row as the API shows it (docs/mls.md). */
export function toBoard(row: BoardRow): MlsBoard {
  return {
    id: row.id,
    name: row.name,
    region: row.region,
    label: row.label as MlsBoard['label'],
    labelText: row.labelText,
    labelHeightShare: row.labelHeightShare,
    captionText: row.captionText,
    remarksPrefix: row.remarksPrefix,
    originalPlacement: row.originalPlacement as MlsBoard['originalPlacement'],
    originalLink: row.originalLink,
    qrAllowed: row.qrAllowed,
    forbiddenEdits: row.forbiddenEdits as MlsBoard['forbiddenEdits'],
    privacyRequired: row.privacyRequired,
    source: row.source,
    checkedAt: row.checkedAt,
  }
}

export async function boards(db: DbOrTx): Promise<MlsBoard[]> {
  return (await listBoards(db)).map(toBoard)
}

/** An admin's edit of a board's profile; the seeded ids are the only boards (docs/decisions/0105-mls-rules-applied-at-export.md). */
export async function updateBoardProfile(db: DbOrTx, id: string, input: MlsBoardInput): Promise<MlsBoard> {
  const row = await updateBoard(db, id, input)
  if (!row) throw notFound()
  return toBoard(row)
}
