import {
  BRANDED_TARGETS,
  type BrandedTarget,
  type BrandKit,
  BrandKitInput,
  type BrandKitInput as BrandKitInputType,
} from '@parti/contract'
import { and, eq } from 'drizzle-orm'
import sharp, { type OverlayOptions, type Sharp } from 'sharp'
import type { Db } from '../db/client.ts'
import { brandKits, generations, projects } from '../db/schema.ts'
import { AppError, notFound } from '../domain/errors.ts'
import { isUuid } from '../lib/ids.ts'
import type { StorageService } from '../storage/service.ts'
import { checkImage, deleteQuietly, storeUpload } from '../storage/uploads.ts'

type Row = typeof brandKits.$inferSelect

/** a logo is small; its data URL stays inside the API's 1 MB body limit */
const LOGO_LIMIT_BYTES = 512 * 1024
const DEFAULTS = BrandKitInput.parse({})

const esc = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** The agent card's lines, the empty ones left out. */
function cardLines(kit: Row | null): { name: string; second: string; third: string } {
  const k = kit ?? {
    ...DEFAULTS,
    agentName: '',
    agentTitle: '',
    agency: '',
    phone: '',
    email: '',
    website: '',
  }
  return {
    name: k.agentName,
    second: [k.agentTitle, k.agency].filter(Boolean).join(' · '),
    third: [k.phone, k.email, k.website].filter(Boolean).join(' · '),
  }
}

/** A band of the brand's colour with the logo at the left and the agent card beside it. */
async function cardBand(
  kit: Row | null,
  logo: Buffer | null,
  width: number,
  height: number,
): Promise<Buffer> {
  const primary = kit?.primaryColor ?? DEFAULTS.primaryColor
  const accent = kit?.accentColor ?? DEFAULTS.accentColor
  const pad = Math.round(height * 0.14)
  const logoBox = height - 2 * pad
  const fitted = logo
    ? await sharp(logo)
        .resize(logoBox * 2, logoBox, { fit: 'inside' })
        .png()
        .toBuffer({ resolveWithObject: true })
    : null
  const textLeft = fitted ? pad * 2 + fitted.info.width : pad
  const { name, second, third } = cardLines(kit)
  const size = Math.round(height * 0.2)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${primary}"/>
    <rect width="100%" height="${Math.max(2, Math.round(height * 0.03))}" fill="${accent}"/>
    <g font-family="DejaVu Sans, Arial, sans-serif" fill="#fff">
      <text x="${textLeft}" y="${pad + size}" font-size="${size}" font-weight="bold">${esc(name)}</text>
      <text x="${textLeft}" y="${pad + size * 2.2}" font-size="${Math.round(size * 0.7)}">${esc(second)}</text>
      <text x="${textLeft}" y="${pad + size * 3.3}" font-size="${Math.round(size * 0.62)}">${esc(third)}</text>
    </g></svg>`
  const layers: OverlayOptions[] = []
  if (fitted)
    layers.push({ input: fitted.data, left: pad, top: Math.round((height - fitted.info.height) / 2) })
  return sharp(Buffer.from(svg)).composite(layers).png().toBuffer()
}

/**
 * The brand kit (docs/decisions/0119-brand-kit-outside-mls.md): one per account, and the branded exports it is
 * drawn on. An MLS export never comes here.
 */
export class Branding {
  constructor(
    private readonly db: Db,
    private readonly storage: StorageService,
  ) {}

  private async row(userId: string): Promise<Row | null> {
    const [row] = await this.db.select().from(brandKits).where(eq(brandKits.userId, userId))
    return row ?? null
  }

  private toKit(row: Row | null): BrandKit {
    const { logoData: _, ...d } = DEFAULTS
    if (!row) return { ...d, logoUrl: null }
    return {
      primaryColor: row.primaryColor,
      accentColor: row.accentColor,
      agentName: row.agentName,
      agentTitle: row.agentTitle,
      agency: row.agency,
      phone: row.phone,
      email: row.email,
      website: row.website,
      logoUrl: this.storage.urlFor(row.logoKey),
    }
  }

  async get(userId: string): Promise<BrandKit> {
    return this.toKit(await this.row(userId))
  }

  async put(userId: string, body: BrandKitInputType): Promise<BrandKit> {
    const input = BrandKitInput.parse(body)
    const before = await this.row(userId)
    let logoKey = before?.logoKey ?? null
    if (input.logoData === null) logoKey = null
    else if (input.logoData !== undefined) {
      const m = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/=]+)$/.exec(input.logoData)
      const bytes = m ? Buffer.from(m[2]!, 'base64') : null
      if (!bytes || bytes.length === 0)
        throw new AppError('validation_failed', 'logoData: a PNG, JPEG or WebP data URL', {
          field: 'logoData',
        })
      if (bytes.length > LOGO_LIMIT_BYTES)
        throw new AppError('payload_too_large', 'The logo is larger than 512 kB')
      logoKey = await storeUpload(this.storage, userId, await checkImage(bytes))
    }
    const { logoData: _, ...fields } = input
    const values = { ...fields, logoKey, updatedAt: new Date() }
    const [row] = await this.db
      .insert(brandKits)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: brandKits.userId, set: values })
      .returning()
    if (before?.logoKey && before.logoKey !== logoKey) await deleteQuietly(this.storage, [before.logoKey])
    return this.toKit(row!)
  }

  /** A finished image result of the user's, drawn for a channel with the brand kit; a JPEG. */
  async render(userId: string, generationId: string, target: BrandedTarget): Promise<Buffer> {
    if (!isUuid(generationId)) throw notFound()
    const [found] = await this.db
      .select({ key: generations.outputImageKey, status: generations.status, project: projects })
      .from(generations)
      .leftJoin(projects, eq(projects.id, generations.projectId))
      .where(
        and(eq(generations.id, generationId), eq(generations.userId, userId), eq(generations.deleted, false)),
      )
    if (!found) throw notFound()
    const photo = found.key && found.status === 'completed' ? await this.storage.blobs.get(found.key) : null
    if (!photo) throw new AppError('conflict', 'The result is not ready yet')
    const kit = await this.row(userId)
    const logo = kit?.logoKey ? await this.storage.blobs.get(kit.logoKey) : null
    const { width, height } = BRANDED_TARGETS[target]
    const cover = (w: number, h: number) => sharp(photo).rotate().resize(w, h, { fit: 'cover' }).toBuffer()
    const layers: OverlayOptions[] = []
    let base: Sharp
    if (target === 'social') {
      const band = Math.round(height * 0.2)
      base = sharp(await cover(width, height - band)).extend({ bottom: band, background: '#ffffff' })
      layers.push({ input: await cardBand(kit, logo, width, band), left: 0, top: height - band })
    } else if (target === 'website') {
      base = sharp(await cover(width, height))
      const cw = Math.round(width * 0.36)
      const ch = Math.round(height * 0.17)
      layers.push({ input: await cardBand(kit, logo, cw, ch), left: width - cw - 40, top: height - ch - 40 })
    } else {
      // brochure: an A4 page, the listing's name and reference over the photo, the agent card across the foot
      const margin = Math.round(width * 0.065)
      const head = Math.round(height * 0.15)
      const foot = Math.round(height * 0.14)
      const photoH = height - head - foot - margin
      base = sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
      const title = found.project?.name ?? ''
      const reference = found.project?.reference ?? ''
      const primary = kit?.primaryColor ?? DEFAULTS.primaryColor
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${head}">
        <rect width="100%" height="${Math.round(head * 0.22)}" fill="${primary}"/>
        <g font-family="DejaVu Sans, Arial, sans-serif" fill="#111">
          <text x="${margin}" y="${Math.round(head * 0.58)}" font-size="${Math.round(head * 0.24)}" font-weight="bold">${esc(title)}</text>
          <text x="${margin}" y="${Math.round(head * 0.84)}" font-size="${Math.round(head * 0.14)}" fill="#444">${esc(reference)}</text>
        </g></svg>`
      layers.push({ input: Buffer.from(svg), left: 0, top: 0 })
      layers.push({ input: await cover(width - 2 * margin, photoH), left: margin, top: head })
      layers.push({ input: await cardBand(kit, logo, width, foot), left: 0, top: height - foot })
    }
    // extend() and composite() in one pipeline apply in the wrong order: flatten the base first
    const flat = await base.jpeg({ quality: 95 }).toBuffer()
    return sharp(flat).composite(layers).jpeg({ quality: 90 }).toBuffer()
  }
}
