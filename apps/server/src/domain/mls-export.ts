import type { ForbiddenEdit, MlsBoard } from '@parti/contract'

// What an MLS export holds and in which order, and why one is refused (docs/decisions/0105-mls-rules-applied-at-export.md).
// Pure: it reads facts about the staged photos and the board, and answers a plan or the reasons; reading and
// writing files is projects/export.ts.

/** A finished staged photo of the project, with what the board's rules look at. */
export interface StagedPhoto {
  generationId: string
  /** the photo as uploaded, unaltered; null when the job had no input kept */
  originalKey: string | null
  stagedKey: string
  /** the result the staging was made from (its original is that result's file), null for an upload */
  sourceGenerationId: string | null
  /** its structure check (docs/product.md#fidelity), when one was measured */
  fidelity?: { method: string; score: number; threshold?: number }
  stagingOptions: readonly string[]
}

export type ExportBoard = Pick<
  MlsBoard,
  | 'label'
  | 'labelText'
  | 'labelHeightShare'
  | 'captionText'
  | 'remarksPrefix'
  | 'originalPlacement'
  | 'originalLink'
  | 'forbiddenEdits'
>

const EXPORT_REASONS = [
  'structure_changed',
  'permanent_features',
  'no_staged',
  'not_published',
  'no_original',
  'faces_visible',
  'faces_unchecked',
] as const
export interface ExportReason {
  id: (typeof EXPORT_REASONS)[number]
  generationId?: string
  /** the file the photo would have had in the export */
  name?: string
  /** structure kept, in percent */
  score?: number
  /** faces the detector found on the file */
  faces?: number
  /** what a privacy blur of that file is started from: the result it is, else its own file URL */
  blurFrom?: { sourceGenerationId: string } | { imageUrl: string }
}

export interface ExportEntry {
  file: string
  role: 'staged' | 'original'
  generationId: string
  key: string
  /** burn the board's label in (staged photos of a board that requires it) */
  label: boolean
  /** staged photos whose caption links their public original page */
  linkOriginal: boolean
  /** the result whose file this is (the staging; an original made by an earlier result), null for an upload */
  madeBy: string | null
  /** a privacy blur of the planned file, exported in its place (docs/decisions/0121-boards-requiring-privacy.md) */
  blurredBy?: string
}

/** Refused plans keep their entries: the export's other checks (faces) name the same files. */
export type ExportPlan =
  | { ok: true; entries: ExportEntry[] }
  | { ok: false; reasons: ExportReason[]; entries: ExportEntry[] }

const extensionOf = (key: string) => /\.(png|jpe?g|webp)$/i.exec(key)?.[1]?.toLowerCase() ?? 'png'
const pad = (n: number) => String(n).padStart(2, '0')

/** The edits a staged photo made that the board forbids. */
function brokenRules(photo: StagedPhoto, forbidden: readonly ForbiddenEdit[], name: string): ExportReason[] {
  const out: ExportReason[] = []
  const f = photo.fidelity
  if (
    forbidden.includes('structure') &&
    f?.method === 'structure' &&
    f.threshold !== undefined &&
    f.score < f.threshold
  )
    out.push({
      id: 'structure_changed',
      generationId: photo.generationId,
      name,
      score: Math.round(f.score * 100),
    })
  if (forbidden.includes('permanent_features') && photo.stagingOptions.includes('repaint'))
    out.push({ id: 'permanent_features', generationId: photo.generationId, name })
  return out
}

/**
 * The files of the export in the board's order: each staged photo, with its unaltered original right before or
 * after it where the board wants one shown, and an unaltered original first where the board forbids an
 * altered primary photo. Refused, with every reason at once, when a photo breaks a rule or the project cannot
 * give what the board asks (an original, a published page to link).
 */
export function planExport(
  board: ExportBoard,
  photos: readonly StagedPhoto[],
  published: boolean,
): ExportPlan {
  const reasons: ExportReason[] = []
  if (photos.length === 0) reasons.push({ id: 'no_staged' })
  if (board.originalLink && !published) reasons.push({ id: 'not_published' })
  const entries: ExportEntry[] = []
  const needsOriginal =
    board.originalPlacement !== 'none' ||
    board.originalLink ||
    board.forbiddenEdits.includes('primary_altered')
  photos.forEach((photo, i) => {
    const n = pad(i + 1)
    const stagedName = `${n}-staged.${board.label === 'required' ? 'jpg' : extensionOf(photo.stagedKey)}`
    reasons.push(...brokenRules(photo, board.forbiddenEdits, stagedName))
    if (needsOriginal && !photo.originalKey)
      reasons.push({ id: 'no_original', generationId: photo.generationId, name: stagedName })
    const staged: ExportEntry = {
      file: stagedName,
      role: 'staged',
      generationId: photo.generationId,
      key: photo.stagedKey,
      label: board.label === 'required',
      linkOriginal: board.originalLink,
      madeBy: photo.generationId,
    }
    const original: ExportEntry | null = photo.originalKey
      ? {
          file: `${n}-original.${extensionOf(photo.originalKey)}`,
          role: 'original',
          generationId: photo.generationId,
          key: photo.originalKey,
          label: false,
          linkOriginal: false,
          madeBy: photo.sourceGenerationId,
        }
      : null
    if (board.originalPlacement === 'before' && original) entries.push(original, staged)
    else if (board.originalPlacement === 'after' && original) entries.push(staged, original)
    else entries.push(staged)
  })
  // an unaltered photo leads the listing (MLS Now's primary photo rule)
  const first = entries[0]
  if (board.forbiddenEdits.includes('primary_altered') && first?.role === 'staged') {
    const photo = photos[0]!
    if (photo.originalKey)
      entries.unshift({
        file: `00-original.${extensionOf(photo.originalKey)}`,
        role: 'original',
        generationId: photo.generationId,
        key: photo.originalKey,
        label: false,
        linkOriginal: false,
        madeBy: photo.sourceGenerationId,
      })
  }
  return reasons.length ? { ok: false, reasons, entries } : { ok: true, entries }
}

/**
 * What the privacy check learnt about one exported file (docs/decisions/0121-boards-requiring-privacy.md): made
 * from a privacy blur, or replaced by a blur of it (`cleared`), else the faces the detector found on it (null:
 * the detector could not run here).
 */
export type FileFaces = { cleared: true } | { faces: number | null }

/**
 * The reasons a board requiring privacy refuses these files: each file with a face found, or not checked, named
 * with what a blur of it starts from. A file shared by two entries (the original put first and after its staged
 * photo) is named once.
 */
export function privacyReasons(
  entries: readonly ExportEntry[],
  facts: ReadonlyMap<string, FileFaces>,
): ExportReason[] {
  const out: ExportReason[] = []
  const seen = new Set<string>()
  for (const e of entries) {
    const fact = facts.get(e.file)
    if (!fact || 'cleared' in fact || fact.faces === 0 || seen.has(e.key)) continue
    seen.add(e.key)
    const blurFrom = e.madeBy
      ? { sourceGenerationId: e.madeBy }
      : { imageUrl: `/api/files/${e.key.split('/').map(encodeURIComponent).join('/')}` }
    out.push(
      fact.faces === null
        ? { id: 'faces_unchecked', generationId: e.generationId, name: e.file, blurFrom }
        : { id: 'faces_visible', generationId: e.generationId, name: e.file, faces: fact.faces, blurFrom },
    )
  }
  return out
}

/**
 * Whether a home staging result shows a staged room: its staging phase delivered. A job that ran its cleaning
 * alone (a whole listing's "Clean") or whose staging phase failed for good holds a cleaned photo, not a staged
 * one (docs/product.md#staging-phases): the board's label and captions do not speak of it, so it stays out of
 * the export. A result from before phases were recorded was staged whole.
 */
export const isStagedRoom = (phases: Readonly<Record<string, string>> | undefined): boolean =>
  (phases?.staging ?? 'completed') === 'completed'

/** The label band's height in pixels for an image of this height. */
export const labelHeight = (share: number, imageHeight: number): number =>
  Math.max(1, Math.round(share * imageHeight))
