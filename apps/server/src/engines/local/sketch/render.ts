import type { FollowLines } from '@parti/contract'
import type { EngineContext, EnginePalette, EngineStyle } from '../../types.ts'
import { throwIfAborted } from '../errors.ts'
import { fitLongSide, inspectInput, type RawImage, resizeGrey } from '../image-io.ts'
import { gradeVariation, turnLight, variationOf } from '../variation.ts'
import { compose } from './compose.ts'
import { paintFills } from './fill.ts'
import { followSpec } from './follow-lines.ts'
import { extractLines } from './lines.ts'
import { DEFAULT_PARAMS, type Look, lookSpec } from './looks.ts'
import { applyFinishes } from './materials.ts'
import { chooseColours, roleColours } from './palette.ts'
import { type RegionMap, ROLES, segmentRegions } from './regions.ts'
import { readFinishes } from './words.ts'

export interface SketchRenderInput {
  input: Buffer
  prompt: string
  style: EngineStyle | null
  palette: EnginePalette | null
  customColors?: string[] | null
  followLines?: FollowLines
  /** the variation's seed (docs/product.md#variations) */
  seed?: number
}

export interface SketchRender {
  image: RawImage
  look: Look
  interior: boolean
  /** the regions and their roles at work size: where the walls, the roof and the windows are */
  map: RegionMap
  /** the drawn subject (everything but sky and ground) as 0..255 at the image's size, for cut-out views */
  subject: () => Promise<Uint8Array>
}

/**
 * Output long side: at least 1024 px (docs/product.md#input-size recommends it), at most 1600 px to keep
 * renders quick.
 */
const MIN_LONG = 1024
const MAX_LONG = 1600
/** Regions and shading are found at this size; fills are smooth, so more would only cost time. */
const WORK_LONG = 512

// Room words in the seven languages: a prompt naming a room means the top of the page is a ceiling, not sky.
const INTERIOR_WORDS =
  /\b(interior|room|kitchen|bedroom|bathroom|living|lounge|office|lobby|hall|salon|sala|cocina|dormitorio|habitaci[oó]n|ba[nñ]o|cuisine|chambre|salle|quarto|cozinha|banheiro|zimmer|k[uü]che|bad|wohn\w*|schlaf\w*|kamer|keuken|badkamer|woonkamer|slaapkamer)\b|غرفة|مطبخ|صالة|حمام|داخلي/i

function styleParams(style: EngineStyle | null): typeof DEFAULT_PARAMS {
  return { ...DEFAULT_PARAMS, ...(style?.localParams ?? {}) }
}

/** Sketch → presentation drawing: paper levels, clean lines, region fills by role, shading and the style's look. */
export async function renderSketch(task: SketchRenderInput, ctx: EngineContext): Promise<SketchRender> {
  const info = await inspectInput(task.input, 'sketch')
  const long = Math.min(MAX_LONG, Math.max(MIN_LONG, Math.max(info.width, info.height)))
  const out = fitLongSide(info.width, info.height, long)
  const work = fitLongSide(info.width, info.height, WORK_LONG)
  const params = styleParams(task.style)
  // the seed turns the light, reseeds the textures and grades the result; the default seed changes nothing,
  // and the same seed always gives the same bytes (docs/product.md#variations)
  const variation = variationOf(task.seed)
  const looked = followSpec(lookSpec(params), task.followLines)
  const spec = { ...looked, light: turnLight(looked.light, variation) }
  const SEED = variation.textureSeed
  const art = await extractLines(task.input, out.width, out.height)
  ctx.reportProgress(0.3)
  throwIfAborted(ctx.signal)
  const map = await segmentRegions(art, work.width, work.height, INTERIOR_WORDS.test(task.prompt))
  const described = applyFinishes(
    roleColours(chooseColours(task.palette, task.customColors)),
    readFinishes(task.prompt),
    map.interior,
  )
  // strict lines add none the drawing lacks: a material keeps its colour, not its courses or boards
  // (docs/product.md#follow-lines)
  const materials = task.followLines === 'strict' ? {} : described.materials
  const fill = await paintFills(map, spec, described.colours, SEED, materials)
  ctx.reportProgress(0.6)
  throwIfAborted(ctx.signal)
  const image = await compose(fill, art, spec, SEED)
  gradeVariation(image, variation)
  ctx.reportProgress(0.9)
  return {
    image,
    look: params.look,
    interior: map.interior,
    map,
    subject: () => subjectMask(map, image.width, image.height),
  }
}

/** Where the drawing is not sky or ground, smoothed at work size and scaled up. */
async function subjectMask(map: RegionMap, width: number, height: number): Promise<Uint8Array> {
  const open = new Set([ROLES.indexOf('sky'), ROLES.indexOf('ground')])
  const small = new Uint8Array(map.roles.length)
  for (let i = 0; i < small.length; i++) small[i] = open.has(map.roles[i]!) ? 0 : 255
  return resizeGrey(small, map.width, map.height, width, height, 'linear')
}
