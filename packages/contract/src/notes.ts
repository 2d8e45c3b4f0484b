import type { Ask } from './capabilities.ts'

// What an engine says about a result it delivered (docs/product.md#result-notes): an id from this list with its
// parameters, stored in `metadata.notes` and translated by the web. Rows written before the ids hold plain
// English strings; they are shown as they are.

/** Every note an engine can leave on a result, with its English words (for API users and old clients). */
export const NOTES = {
  /** staging cleaning: a removal option was chosen without a lasso selection */
  nothing_removed_needs_lasso:
    'Nothing was removed: on the built-in engine, mark what to remove with the lasso tool; it cannot find clutter or furniture by itself.',
  /** staging: repaint was asked but no wall was found */
  no_wall_found: 'No wall could be found to repaint in this photo, so the wall colour was left as it is.',
  /** staging: furniture or decor was asked of an engine that does not draw objects */
  cannot_add_furniture:
    'The built-in engine cannot add furniture; a hosted engine can. The photo was graded and lit instead.',
  cannot_add_decor:
    'The built-in engine cannot add decor; a hosted engine can. The photo was graded and lit instead.',
  /** inpaint: the area was filled from its surroundings; nothing new is drawn */
  filled_from_surroundings:
    'The selected area was filled from its surroundings. The built-in engine removes and blends; it does not draw new objects.',
  /** straighten: what was turned, and the verticals' lean measured before and after */
  verticals_straightened:
    'Verticals straightened from {{before}}° to {{after}}° of lean (camera tilt {{pitch}}°, roll {{roll}}° undone); {{kept}} % of the corrected picture kept by the crop.',
  /** a variation whose picture is byte for byte an earlier one's: kept, not charged (docs/decisions/0107-identical-variations-are-not-charged.md) */
  same_as_variation:
    'The same picture as variation {{number}}: this edit has nothing to vary on this engine, so this variation was not charged.',
  /** upscale: the new size, the density recorded, and the sharpness at the new size before and after */
  upscaled:
    'Upscaled {{factor}}× to {{width}}×{{height}} pixels, recorded at {{dpi}} dpi. Sharpness at this size: {{before}} enlarged plainly, {{after}} upscaled.',
  /** light: what was corrected, measured on the photo and on the result */
  light_corrected:
    'Light corrected at {{strength}} % strength: exposure {{ev}} EV, colour cast {{castBefore}} → {{castAfter}}, local contrast lifted; windows pulled back over {{windows}} % of the picture, blown highlights {{clipBefore}} % → {{clipAfter}} %.',
  /** sky: where the new sky went, and how sure the finding was */
  sky_replaced:
    'New sky over {{area}} % of the picture, found with {{confidence}} % confidence (the bright area at the top, bounded by the roof and wall lines); the rest of the photo graded to match.',
  /** dusk: an honest grade on the built-in engine */
  dusk_graded:
    'Day to dusk: a dusk sky over {{area}} % of the picture ({{confidence}} % confidence), the photo darkened by {{ev}} EV and {{windows}} windows lit warm. On the built-in engine this is a colour grade, not a re-lit photo; a hosted edit model gives a photoreal dusk.',
  /**
   * sky and dusk on a hosted edit model (docs/decisions/0125-hosted-sky-and-dusk.md): redrawn whole, so there is
   * no sky found, no confidence and no darkening measured; the fidelity check measures the building's lines
   */
  hosted_sky_edit:
    'Redrawn by a hosted edit model as a photoreal photo: the sky is not found or measured, so there is no confidence figure; the fidelity check says how much of the building’s lines it kept.',
  /** privacy: what was blurred */
  privacy_blurred:
    'Blurred {{faces}} face(s) and {{areas}} marked area(s); nothing else in the picture was changed.',
  /** repaint: the colour asked, how close the repainted surface came, and that nothing else changed */
  surface_repainted:
    'Repainted {{share}} % of the picture in {{colour}}: ΔE00 {{deltaE}} between the colour asked and the repainted surface under neutral light; {{outside}} % of the pixels outside it changed.',
  /**
   * repaint with a material (docs/decisions/0120-repaint-materials.md): `material` is the library's id, `surface`
   * floor, wall or ceiling, `perspective` vanishing_point, assumed_level or flat
   */
  material_laid:
    'Laid {{material}} on {{share}} % of the picture ({{surface}}; perspective: {{perspective}}): ΔE00 {{deltaE}} between the material’s base colour and the surface’s mean under neutral light; {{outside}} % of the pixels outside it changed.',
} as const

export type NoteId = keyof typeof NOTES
export const NOTE_IDS = Object.keys(NOTES) as NoteId[]

/** A note as engines write it: an id and, for notes that need them, its parameters. */
export interface Note {
  id: NoteId
  params?: Record<string, string | number>
}

/** A note as stored: an id with parameters, or (rows from before the ids) a plain English sentence. */
export type StoredNote = Note | string

/**
 * The asks a note speaks of: when the request's `skipped` already says one of them was not done and why, the
 * screens show that line and leave the note out, so nothing is said twice.
 */
export const NOTE_ASKS: Partial<Record<NoteId, readonly Ask[]>> = {
  nothing_removed_needs_lasso: ['stagingOption.removeClutter', 'stagingOption.removeFurniture'],
  cannot_add_furniture: ['stagingOption.addFurniture'],
  cannot_add_decor: ['stagingOption.addDecor'],
}
