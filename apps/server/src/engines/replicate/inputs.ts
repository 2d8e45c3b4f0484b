import type { CameraMovement } from '@parti/contract'
import { sketchControlImage } from '../shared/control-image.ts'
import { providerFailed } from '../shared/errors.ts'
import { type FileInputs, inlineInputs } from '../shared/file-inputs.ts'
import { FLUX_CONTROL_GUIDANCE, followLinesOf, PROMPT_STRENGTH } from '../shared/follow-lines.ts'
import { instruction, type ModelInput } from '../shared/instruction.ts'
import { providerImages } from '../shared/outputs.ts'
import { hostedPrompt } from '../shared/prompt.ts'
import type { EngineTask } from '../types.ts'

type Family = 'flux-control' | 'flux-fill' | 'flux-kontext' | 'interior-design' | 'kling' | 'video-director'

/** Which input schema a model speaks, by its name; unknown models get a plain {prompt, image, mask}. */
function familyOf(model: string): Family | 'generic' {
  const name = model.split(':')[0]!.toLowerCase()
  if (/flux-(canny|depth)/.test(name)) return 'flux-control'
  if (name.includes('flux-fill')) return 'flux-fill'
  if (name.includes('kontext')) return 'flux-kontext'
  if (name.includes('interior-design')) return 'interior-design'
  if (name.includes('kling')) return 'kling'
  if (name.includes('video-01-director')) return 'video-director'
  return 'generic'
}

/** video-01-director's own camera commands (its schema lists Truck, Pan, Push, Pedestal, Tilt, Zoom, Static). */
const DIRECTOR_MOVES: Record<CameraMovement, string> = {
  static: '[Static shot]',
  zoom_in: '[Zoom in]',
  zoom_out: '[Zoom out]',
  pan_left: '[Pan left]',
  pan_right: '[Pan right]',
  pan_up: '[Tilt up]',
  pan_down: '[Tilt down]',
  rotate_clockwise: '[Truck left, Pan right]',
  rotate_counter: '[Truck right, Pan left]',
  dolly_in: '[Push in]',
  dolly_out: '[Pull out]',
  orbit: '[Truck left, Pan right]',
}

/**
 * The prediction input for a model and a task: images inline or uploaded (`files`), the enhanced prompt, the
 * model's fields.
 */
export async function replicateInput(
  model: string,
  task: EngineTask,
  files: FileInputs = inlineInputs,
): Promise<ModelInput> {
  const p = hostedPrompt(task)
  const family = familyOf(model)
  // "Follow my lines" (docs/product.md#follow-lines): FLUX control's guidance; balanced keeps the model's own
  const level = followLinesOf(task)
  const guide = FLUX_CONTROL_GUIDANCE[level]
  const guidance = guide ? { guidance: model.includes('depth') ? guide.depth : guide.canny } : {}
  if (task.kind === 'sketch' && family === 'flux-control') {
    const depth = model.includes('depth')
    const control = depth
      ? await files.url((await providerImages(task)).image)
      : await files.url(await sketchControlImage(task.input, 'ink'))
    return {
      prompt: p.full,
      input: {
        prompt: p.full,
        control_image: control,
        output_format: 'png',
        safety_tolerance: 2,
        ...guidance,
      },
    }
  }
  const { image, mask } = await providerImages(task)
  switch (family) {
    case 'flux-control':
      return {
        prompt: p.full,
        input: { prompt: p.full, control_image: await files.url(image), output_format: 'png', ...guidance },
      }
    case 'flux-fill': {
      if (!mask) throw providerFailed(task.kind, `${model} needs a mask and this task has none`)
      return {
        prompt: p.full,
        input: {
          prompt: p.full,
          image: await files.url(image),
          mask: await files.url(mask),
          output_format: 'png',
        },
      }
    }
    case 'flux-kontext': {
      const prompt = await instruction(task, p.text)
      return {
        prompt,
        input: {
          prompt,
          input_image: await files.url(image),
          aspect_ratio: 'match_input_image',
          output_format: 'png',
          safety_tolerance: 2,
        },
      }
    }
    case 'interior-design':
      return {
        prompt: p.full,
        input: {
          image: await files.url(image),
          prompt: p.text,
          negative_prompt: p.negative,
          num_inference_steps: 50,
          guidance_scale: 15,
          prompt_strength: PROMPT_STRENGTH[level],
        },
      }
    case 'kling':
      if (task.kind !== 'animate') break
      return {
        prompt: p.full,
        input: {
          prompt: p.text,
          start_image: await files.url(image),
          duration: task.duration >= 8 ? 10 : 5,
          negative_prompt: p.negative,
        },
      }
    case 'video-director': {
      if (task.kind !== 'animate') break
      const prompt = `${DIRECTOR_MOVES[task.cameraMovement]} ${p.text}`
      return { prompt, input: { prompt, first_frame_image: await files.url(image), prompt_optimizer: true } }
    }
  }
  return {
    prompt: p.full,
    input: {
      prompt: p.full,
      image: await files.url(image),
      ...(mask ? { mask: await files.url(mask) } : {}),
    },
  }
}
