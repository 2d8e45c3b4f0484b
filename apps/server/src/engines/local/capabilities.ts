import type { AskOf, Step, Support } from '@parti/contract'

const does: Support = { level: 'does' }
const ignored: Support = {
  level: 'cannot',
  reason: 'ignored',
  note: 'The built-in engine does not use this.',
}
/**
 * A draft from a drawing: the elevation extruded into a box in perspective, its unseen faces hatched
 * (docs/decisions/0063-local-multi-angle-honesty.md). A photo has no masses to extrude: it could only be folded
 * like a card, so the built-in engine does not offer the view for a photo.
 */
const draft: Support = {
  level: 'approximates',
  reason: 'draft_view',
  note: 'A draft: the drawing extruded in perspective, its unseen faces hatched, not a new rendering of the building.',
  forPhoto: {
    level: 'cannot',
    reason: 'not_from_input',
    note: 'From a photo the built-in engine cannot turn the building to another viewpoint.',
  },
}
const needsLasso: Support = {
  level: 'cannot',
  reason: 'needs_lasso',
  note: 'The built-in engine removes only what you select with the lasso.',
  withLasso: 'approximates',
}
const noNewObjects: Support = {
  level: 'cannot',
  reason: 'no_new_objects',
  note: 'The built-in engine processes the photo; it does not draw new objects.',
}
const cameraMoves = {
  'camera.static': does,
  'camera.zoom_in': does,
  'camera.zoom_out': does,
  'camera.pan_left': does,
  'camera.pan_right': does,
  'camera.pan_up': does,
  'camera.pan_down': does,
  'camera.rotate_clockwise': does,
  'camera.rotate_counter': does,
  'camera.dolly_in': does,
  'camera.dolly_out': does,
  'camera.orbit': does,
} as const

/**
 * What the built-in engine does with every ask of every step (docs/product.md#capabilities), said before the
 * user pays. It is classical image processing (docs/decisions/0031-local-engine-is-not-diffusion.md): it renders,
 * grades, removes and blends, moves a camera; it never invents objects.
 */
export const LOCAL_CAPABILITIES: { [S in Step]: Record<AskOf<S>, Support> } = {
  sketch: {
    description: {
      level: 'approximates',
      reason: 'words_to_materials',
      note: 'Materials and colours named in the description are painted on the drawing; other words are not drawn.',
    },
    style: does,
    palette: does,
    customColors: does,
    // strict draws the drawing's lines at full strength and nothing else; loose lets them fade under the colour
    followLines: does,
  },
  'multi-angle': {
    description: {
      level: 'approximates',
      reason: 'words_to_materials',
      note: 'Materials and colours named in the description are painted on the drawing; other words are not drawn.',
    },
    style: does,
    palette: does,
    followLines: does,
    'angle.front': does,
    'angle.side': draft,
    'angle.aerial': draft,
    'angle.corner': draft,
    'angle.contextual': draft,
    'angle.interior': {
      level: 'cannot',
      reason: 'not_from_input',
      note: 'The built-in engine cannot show the inside of a building from a picture of its outside.',
    },
  },
  'staging-clean': {
    'stagingOption.removeClutter': needsLasso,
    'stagingOption.removeFurniture': needsLasso,
  },
  'staging-stage': {
    style: {
      level: 'approximates',
      reason: 'grade_only',
      note: "A colour grade in the style's mood, not new furniture or materials.",
    },
    palette: does,
    roomType: ignored,
    followLines: {
      level: 'approximates',
      reason: 'lines_always_kept',
      note: 'The built-in engine grades the photo and never moves its lines, whatever the setting.',
    },
    'stagingOption.repaint': does,
    'stagingOption.addFurniture': noNewObjects,
    'stagingOption.addDecor': noNewObjects,
    'stagingOption.addLighting': {
      level: 'approximates',
      reason: 'light_grade',
      note: 'Warm lamp-like light is added to the photo, not new light fittings.',
    },
  },
  inpaint: {
    description: ignored,
    'intent.remove': does,
    'intent.add': noNewObjects,
  },
  'magic-edit': {
    description: {
      level: 'approximates',
      reason: 'interpreted',
      note: 'Edits are read from your words: light, colour, crop, rotate, straighten the verticals, remove a selected area; the reply says what was not done.',
    },
    palette: does,
    lasso: does,
  },
  animate: {
    description: ignored,
    'duration.6': does,
    'duration.10': does,
    ...cameraMoves,
  },
  // nothing to ask: the photo's own verticals say how far to turn it (docs/decisions/0101-straighten-verticals.md)
  straighten: {},
  // the factor is not an ask: ESRGAN makes 2× and 4× (docs/decisions/0115-upscale.md)
  upscale: {},
  // the strength is the only choice, and it is a dial (docs/decisions/0109-light.md)
  light: {},
  // the sky is found from the photo's lines; refused, free, when it is not found cleanly (docs/decisions/0110-sky-and-dusk.md)
  sky: {},
  dusk: {},
  // what to blur and which colour are the request's own fields (docs/decisions/0111-privacy-blur.md, 0112)
  privacy: {},
  repaint: {},
}
