import { type Ask, type AskOf, type InputLimits, STEP_ASKS, type Step, type Support } from '@parti/contract'

/**
 * What a hosted model does with each ask of a step (docs/product.md#capabilities), by the family its name
 * belongs to. Every ask of every step is answered, so a field a model never receives is said before the user
 * pays instead of being taken as done (docs/decisions/0080-hosted-engines-declare-every-ask.md).
 */
export type ModelFamily =
  | 'flux-control'
  | 'flux-fill'
  | 'instruction-edit'
  | 'interior-design'
  | 'kling'
  | 'video-director'
  | 'workflow'
  | 'generic'

/** The family of a model by its name, for Replicate (`owner/name[:version]`) and fal (queue paths). */
export function modelFamily(model: string): ModelFamily {
  const name = model.split(':')[0]!.toLowerCase()
  if (/flux-(canny|depth)|flux-lora-(canny|depth)$|\/(canny|depth)$/.test(name)) return 'flux-control'
  if (/flux-fill|\/fill$/.test(name)) return 'flux-fill'
  if (/kontext|nano-banana|gemini|gpt-image/.test(name)) return 'instruction-edit'
  if (name.includes('interior-design')) return 'interior-design'
  if (name.includes('kling')) return 'kling'
  if (name.includes('video-01-director')) return 'video-director'
  return 'generic'
}

export interface HostedModelTraits {
  family: ModelFamily
  /** a ComfyUI workflow with ControlNet nodes: "Follow my lines" scales them */
  controlNet?: boolean
}

const does: Support = { level: 'does' }
const noLineSetting: Support = {
  level: 'cannot',
  reason: 'no_line_setting',
  note: 'This model has no setting for how closely it keeps lines; the fidelity check still measures the result.',
}
const cameraInWords: Support = {
  level: 'approximates',
  reason: 'camera_in_words',
  note: 'The camera move is described to the video model in words; it may follow it loosely.',
}
const rollAsTruck: Support = {
  level: 'approximates',
  reason: 'camera_in_words',
  note: 'This video model cannot roll the camera; a sideways camera move is made instead.',
}
const retimed: Support = {
  level: 'approximates',
  reason: 'retimed',
  note: 'The model makes 5 or 10 second clips; a 6 second video is its 5 second clip slowed to 6 seconds.',
}
const workflowRetimed: Support = {
  level: 'approximates',
  reason: 'retimed',
  note: 'The video workflow makes 81 frames (Wan 2.1, about 5 seconds); a longer video is that clip played slower.',
}
const interiorImagined: Support = {
  level: 'approximates',
  reason: 'not_from_input',
  note: 'The inside is imagined from the outside: the model invents what the drawing does not show.',
}

/** "Follow my lines": which models take a line-strength setting (docs/product.md#follow-lines). */
function followLines(t: HostedModelTraits): Support {
  if (t.family === 'workflow') return t.controlNet ? does : noLineSetting
  return t.family === 'flux-control' || t.family === 'interior-design' ? does : noLineSetting
}

function camera(t: HostedModelTraits, ask: Ask): Support {
  if (t.family === 'video-director')
    return ask === 'camera.rotate_clockwise' || ask === 'camera.rotate_counter' ? rollAsTruck : does
  return cameraInWords
}

/** The support of every ask of a step on a hosted model of these traits. */
export function hostedSupport<S extends Step>(step: S, t: HostedModelTraits): Record<AskOf<S>, Support> {
  const out = {} as Record<Ask, Support>
  for (const ask of STEP_ASKS[step] as readonly Ask[]) {
    if (ask === 'followLines') out[ask] = followLines(t)
    else if (ask.startsWith('camera.')) out[ask] = camera(t, ask)
    else if (ask === 'duration.6' && t.family === 'kling') out[ask] = retimed
    else if (ask.startsWith('duration.') && t.family === 'workflow') out[ask] = workflowRetimed
    else if (ask === 'angle.interior') out[ask] = interiorImagined
    // the description, style, palette, own colours, room type and options travel in the prompt; a lasso as a
    // mask or as words about where, and the edit is composited back inside it
    else out[ask] = does
  }
  return out as Record<AskOf<S>, Support>
}

/**
 * Kling's first frame: at least 300 px on its short side and between 1:2.5 and 2.5:1 (Kling's image-to-video
 * limits, on fal and Replicate alike); checked before the user pays rather than failing at the provider.
 */
const KLING_FIRST_FRAME: InputLimits = {
  minSide: 300,
  minAspect: 1 / 2.5,
  maxAspect: 2.5,
  note: 'This video model needs a first frame at least 300 pixels on its short side, no wider than 2.5:1 and no taller than 1:2.5.',
}

/** The input picture a hosted model accepts, when narrower than Parti's own limits. */
export function hostedInputLimits(step: Step, t: HostedModelTraits): InputLimits | null {
  return step === 'animate' && t.family === 'kling' ? KLING_FIRST_FRAME : null
}
