import { z } from 'zod'
import { TEXT_LIMITS } from './constants.ts'

// The brand kit (docs/decisions/0119-brand-kit-outside-mls.md): logo, colours and agent card, drawn only on the
// social, brochure and website exports, never on an MLS export.

/** The exports a brand kit is drawn on, with their size: a square post, an A4 page at 150 dpi, a web banner. */
export const BRANDED_TARGETS = {
  social: { width: 1080, height: 1080 },
  brochure: { width: 1240, height: 1754 },
  website: { width: 1920, height: 1080 },
} as const
export type BrandedTarget = keyof typeof BRANDED_TARGETS
export const BRANDED_TARGET_NAMES = Object.keys(BRANDED_TARGETS) as [BrandedTarget, ...BrandedTarget[]]

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb')

const brandFields = {
  primaryColor: colour.default('#1f2937').describe('the band and the card'),
  accentColor: colour.default('#c8a24a').describe('the rule under the agent name'),
  agentName: z.string().trim().max(TEXT_LIMITS.name).default(''),
  agentTitle: z.string().trim().max(TEXT_LIMITS.name).default(''),
  agency: z.string().trim().max(TEXT_LIMITS.name).default(''),
  phone: z.string().trim().max(40).default(''),
  email: z.union([z.literal(''), z.email().max(200)]).default(''),
  website: z.string().trim().max(200).default(''),
}

export const BrandKitInput = z.object({
  ...brandFields,
  logoData: z
    .string()
    .max(720_000)
    .nullable()
    .optional()
    .describe('the logo as a data URL (PNG, JPEG or WebP, at most 512 kB); null removes it, absent keeps it'),
})
export type BrandKitInput = z.input<typeof BrandKitInput>

export const BrandKit = z
  .object({
    primaryColor: z.string(),
    accentColor: z.string(),
    agentName: z.string(),
    agentTitle: z.string(),
    agency: z.string(),
    phone: z.string(),
    email: z.string(),
    website: z.string(),
    logoUrl: z.string().nullable(),
  })
  .meta({ id: 'BrandKit' })
export type BrandKit = z.infer<typeof BrandKit>
export const BrandKitResponse = z.object({ brandKit: BrandKit })

export const BrandedExportRequest = z.object({
  target: z.enum(BRANDED_TARGET_NAMES).describe('social: 1080² post; brochure: A4 page; website: 1920×1080'),
})
