import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import type { GenerationMetadata } from '@parti/contract'
import QRCode from 'qrcode'
import sharp from 'sharp'
import { ZipFile } from 'yazl'
import { slugify } from '../admin/slugs.ts'
import type { Db } from '../db/client.ts'
import {
  findBoard,
  findOwnProject,
  newestBlurOf,
  originalLinkCode,
  projectGenerations,
  publishedOriginal,
} from '../db/repos/projects.ts'
import { csvLine } from '../domain/csv.ts'
import { AppError, notFound } from '../domain/errors.ts'
import {
  type ExportEntry,
  isStagedRoom,
  labelHeight,
  planExport,
  type StagedPhoto,
} from '../domain/mls-export.ts'
import type { GenerationRow } from '../jobs/queue.ts'
import { isUuid } from '../lib/ids.ts'
import type { Provenance } from '../provenance/service.ts'
import type { BlobStore } from '../storage/types.ts'
import { toBoard } from './boards.ts'
import { cachedFaceCounter, PrivacyCheck } from './privacy-check.ts'

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'
/** 10 characters of 32: 50 bits, short enough to type from a printed caption, too many to guess. */
function newCode(): string {
  return [...randomBytes(10)].map((b) => CODE_ALPHABET[b % 32]).join('')
}

/** The public page of a staged photo's unaltered original (docs/decisions/0106-public-originals.md). */
const originalPageUrl = (publicUrl: string, code: string) => `${publicUrl.replace(/\/$/, '')}/api/o/${code}`

/**
 * The board's label burnt into a copy of the staged photo: a dark band across the bottom, its height the board's
 * share of the image height, the text centred in white. The stored master is read, never written.
 */
async function burnLabel(image: Buffer, text: string, share: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata()
  const band = Math.min(height, labelHeight(share, height))
  const escaped = text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${band}"><rect width="100%" height="100%" fill="rgb(20,20,20)" fill-opacity="0.7"/><text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="${Math.max(1, Math.round(band * 0.6))}" fill="#fff">${escaped}</text></svg>`
  return sharp(image)
    .rotate()
    .composite([{ input: Buffer.from(svg), top: height - band, left: 0 }])
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer()
}

/**
 * A QR code to a staged photo's public original page (docs/decisions/0118-qr-codes-in-mls-exports.md): a PNG
 * 600 px wide, error correction M, a four-module quiet zone, black on white so any phone reads it in print.
 */
const qrPng = (url: string): Promise<Buffer> =>
  QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 600 })

/** Where a staged photo's QR code goes in the zip: beside the photos, never among them. */
const qrFileOf = (file: string) => `qr/${file.replace(/\.[a-z]+$/i, '')}.png`

/**
 * Pictures go into the zip stored, not deflated: a JPEG, PNG or QR code gains nothing from it, and deflating
 * a listing of phone photos cost two thirds of the export's time (docs/decisions/0122-mls-export-streamed-and-stored.md).
 */
const STORED = { compress: false } as const

const missingFile = (file: string) => new AppError('conflict', `A file of this project is missing: ${file}`)

/**
 * The MLS export of a project (docs/decisions/0105-mls-rules-applied-at-export.md): a zip in the board's order,
 * captions.csv, remarks.txt, the label burnt into copies where the board requires it. Refused with every reason
 * when the project breaks the board's rules.
 */
export class MlsExport {
  constructor(
    private readonly db: Db,
    /** read when an export runs, not before (the OpenAPI export builds the routes without a blob store) */
    private readonly storage: { readonly blobs: BlobStore },
    private readonly publicUrl: string,
    /** Content Credentials on every staged photo (docs/decisions/0113-c2pa-signing-at-download.md) */
    private readonly provenance: Provenance,
    /** boards requiring privacy (docs/decisions/0121-boards-requiring-privacy.md) */
    private readonly privacy = new PrivacyCheck(db, storage, cachedFaceCounter(db)),
  ) {}

  async build(userId: string, projectId: string): Promise<{ zip: Readable; fileName: string }> {
    const found = isUuid(projectId) ? await findOwnProject(this.db, userId, projectId) : null
    if (!found) throw notFound()
    const project = found.row
    const boardRow = project.boardId ? await findBoard(this.db, project.boardId) : null
    if (!boardRow)
      throw new AppError('unprocessable', 'Choose the MLS board this project is exported for', {
        reasons: [{ id: 'no_board' }],
      })
    const board = toBoard(boardRow)
    const rows = await projectGenerations(this.db, userId, projectId)
    const photos: StagedPhoto[] = rows.flatMap((r) => {
      const meta = r.metadata as GenerationMetadata
      if (r.mode !== 'staging' || r.status !== 'completed' || !r.outputImageKey) return []
      // a cleaned room is not a staged one: a listing's "Clean" alone, or a staging phase that failed
      if (!isStagedRoom(meta.phases)) return []
      return {
        generationId: r.id,
        originalKey: r.inputKeys[0] ?? null,
        stagedKey: r.outputImageKey!,
        sourceGenerationId: r.sourceGenerationId,
        fidelity: meta.fidelity,
        stagingOptions: meta.stagingOptions ?? [],
      }
    })
    const plan = planExport(board, photos, project.published)
    const reasons = plan.ok ? [] : [...plan.reasons]
    let entries = plan.entries
    // faces are looked for even when another rule already refuses: every reason comes at once
    if ((board.privacyRequired || project.privacyRequired) && photos.length) {
      const checked = await this.privacy.check(userId, entries, rows)
      entries = checked.entries
      reasons.push(...checked.reasons)
    }
    if (reasons.length)
      throw new AppError('unprocessable', "This export breaks the board's rules", { reasons })

    // every file is there before the first byte leaves: a missing one is refused, not a download cut short
    for (const entry of entries)
      if (!(await this.storage.blobs.head(entry.key))) throw missingFile(entry.file)

    // streamed (docs/decisions/0122-mls-export-streamed-and-stored.md): each picture is read, labelled and signed
    // when the zip reaches it, so the server holds one photo at a time, not the whole listing
    const zip = new ZipFile()
    const output = zip.outputStream as Readable
    zip.on('error', (err: Error) => output.destroy(err))
    let captions = csvLine(['file', 'caption', 'original_link', 'qr_code'])
    const codes: [string, Buffer][] = []
    const byId = new Map(rows.map((r) => [r.id, r]))
    for (const entry of entries) {
      zip.addReadStreamLazy(entry.file, STORED, (cb) => {
        this.fileOf(entry, byId.get(entry.blurredBy ?? entry.generationId), board).then(
          (bytes) => cb(null, Readable.from([bytes])),
          (err: Error) => cb(err, undefined as never),
        )
      })
      const [caption, link] = await this.caption(entry, board.captionText, userId, projectId)
      // where the board allows QR codes, the link is also a printable code (a board that forbids them gets none)
      const qr = link && board.qrAllowed ? qrFileOf(entry.file) : ''
      if (qr) codes.push([qr, await qrPng(link)])
      captions += csvLine([entry.file, caption, link, qr])
    }
    for (const [file, png] of codes) zip.addBuffer(png, file, STORED)
    zip.addBuffer(Buffer.from(captions), 'captions.csv')
    zip.addBuffer(Buffer.from(board.remarksPrefix ? `${board.remarksPrefix}\n` : ''), 'remarks.txt')
    zip.end()
    return { zip: output, fileName: `${slugify(project.name, 'project')}-${board.id}.zip` }
  }

  /**
   * A staged photo leaves signed: the cached signed copy of the master, or the labelled copy signed now with an
   * action saying the label was added. An unaltered original leaves as the user uploaded it: Parti did not
   * make it and signs nothing about it. A privacy blur exported in a file's place is Parti's and leaves signed.
   */
  private async fileOf(
    entry: ExportEntry,
    generation: GenerationRow | undefined,
    board: { labelText: string; labelHeightShare: number },
  ): Promise<Buffer> {
    const missing = () => missingFile(entry.file)
    if ((entry.role === 'original' && !entry.blurredBy) || !generation) {
      const bytes = await this.storage.blobs.get(entry.key)
      if (!bytes) throw missing()
      return bytes
    }
    if (!entry.label || entry.role === 'original') {
      const bytes = await this.storage.blobs.get(await this.provenance.downloadKey(entry.key))
      if (!bytes) throw missing()
      return bytes
    }
    const master = await this.storage.blobs.get(entry.key)
    if (!master) throw missing()
    const labelled = await burnLabel(master, board.labelText, board.labelHeightShare)
    return this.provenance.sign(generation, entry.key, labelled, 'image/jpeg', {
      action: 'c2pa.edited',
      description: `The board's disclosure label "${board.labelText}" added at export`,
    })
  }

  private async caption(
    entry: ExportEntry,
    captionText: string,
    userId: string,
    projectId: string,
  ): Promise<[string, string]> {
    if (entry.role === 'original')
      return [entry.blurredBy ? 'Original photo, faces blurred' : 'Unaltered original photo', '']
    if (!entry.linkOriginal) return [captionText, '']
    const code = await originalLinkCode(
      this.db,
      { userId, projectId, generationId: entry.generationId },
      newCode,
    )
    const url = originalPageUrl(this.publicUrl, code)
    return [`${captionText ? `${captionText}. ` : ''}Unaltered original: ${url}`, url]
  }

  /** The public original page's facts, or null when the code is unknown or its project is not published. */
  async publicOriginal(
    code: string,
  ): Promise<{ originalKey: string; projectName: string; reference: string; facesBlurred: boolean } | null> {
    if (!/^[a-z0-9]{1,20}$/.test(code)) return null
    const found = await publishedOriginal(this.db, code)
    const key = found?.generation.inputKeys[0]
    if (!found || !key) return null
    // a board requiring privacy shows the blur the export put in the original's place, never the faces
    const board = found.project.boardId ? await findBoard(this.db, found.project.boardId) : null
    const blur =
      board?.privacyRequired || found.project.privacyRequired
        ? await newestBlurOf(this.db, found.project.id, key)
        : null
    return {
      originalKey: blur?.outputImageKey ?? key,
      projectName: found.project.name,
      reference: found.project.reference,
      facesBlurred: !!blur,
    }
  }
}
