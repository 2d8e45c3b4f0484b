import { z } from 'zod'
import { TEXT_LIMITS } from './constants.ts'
import { PlanName } from './enums.ts'

const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #RRGGBB')

export { HexColor }

/** Parameters of the built-in local engine, carried by each style so seeded styles look different. */
export const LocalStyleParams = z.object({
  look: z.enum([
    'marker',
    'watercolour',
    'ink-wash',
    'colour-block',
    'night',
    'blueprint',
    'pencil',
    'clay',
    'golden-hour',
    'mist',
  ]),
  lineWeight: z.number().min(0).max(4).default(1),
  saturation: z.number().min(0).max(2).default(1),
  warmth: z.number().min(-1).max(1).default(0),
  paperTexture: z.number().min(0).max(1).default(0.3),
  shading: z.number().min(0).max(1).default(0.5),
})
export type LocalStyleParams = z.infer<typeof LocalStyleParams>

export const Style = z
  .object({
    id: z.string(),
    name: z.string(),
    category: z.string(),
    imageUrl: z.string().nullable(),
    prompt: z.string(),
    negativePrompt: z.string(),
    qualityPrompt: z.string(),
    sortOrder: z.number().int(),
    active: z.boolean(),
    localParams: LocalStyleParams.nullable(),
  })
  .meta({ id: 'Style' })
export type Style = z.infer<typeof Style>

export const StyleInput = z.object({
  name: z.string().trim().min(1).max(TEXT_LIMITS.styleName),
  category: z.string().trim().min(1).max(TEXT_LIMITS.styleCategory),
  imageUrl: z.string().max(2000).nullable().optional(),
  prompt: z.string().max(TEXT_LIMITS.prompt).default(''),
  negativePrompt: z.string().max(TEXT_LIMITS.prompt).default(''),
  qualityPrompt: z.string().max(TEXT_LIMITS.prompt).default(''),
  active: z.boolean().default(true),
  localParams: LocalStyleParams.nullable().optional(),
})
export type StyleInput = z.infer<typeof StyleInput>

export const StyleCategory = z
  .object({ id: z.string(), name: z.string(), sortOrder: z.number().int(), styleCount: z.number().int() })
  .meta({ id: 'StyleCategory' })
export type StyleCategory = z.infer<typeof StyleCategory>

export const ColorPalette = z
  .object({
    id: z.string(),
    name: z.string(),
    colors: z.array(HexColor).length(5),
    description: z.string(),
    sortOrder: z.number().int(),
  })
  .meta({ id: 'ColorPalette' })
export type ColorPalette = z.infer<typeof ColorPalette>

export const Plan = z
  .object({
    id: z.string(),
    name: PlanName,
    priceMonthly: z.number().int().describe('EUR cents per month, billed monthly'),
    priceYearly: z.number().int().describe('EUR cents per year, billed yearly'),
    priceYearlyMonthly: z.number().int().describe('EUR cents per month, billed yearly'),
    monthlyCredits: z.number().int(),
    features: z.array(z.string()),
    popular: z.boolean(),
  })
  .meta({ id: 'Plan' })
export type Plan = z.infer<typeof Plan>

export const StylesQuery = z.object({ category: z.string().max(TEXT_LIMITS.styleCategory).optional() })
export const StylesResponse = z.object({ styles: z.array(Style) })
export const StyleResponse = z.object({ data: Style })
export const CategoriesResponse = z.object({ data: z.array(StyleCategory) })
export const ColorPalettesResponse = z.object({ colorPalettes: z.array(ColorPalette) })
export const ColorPaletteResponse = z.object({ colorPalette: ColorPalette })
export const PlansResponse = z.object({ plans: z.array(Plan) })
