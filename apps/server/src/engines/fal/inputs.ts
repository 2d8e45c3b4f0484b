import { sketchControlImage } from '../shared/control-image.ts'
import { providerFailed } from '../shared/errors.ts'
import { type FileInputs, inlineInputs } from '../shared/file-inputs.ts'
import { FAL_CONTROL_GUIDANCE, followLinesOf } from '../shared/follow-lines.ts'
import { instruction, type ModelInput } from '../shared/instruction.ts'
import { providerImages } from '../shared/outputs.ts'
import { hostedPrompt } from '../shared/prompt.ts'
import type { EngineTask } from '../types.ts'

/**
 * fal's structure-guided FLUX endpoints: `fal-ai/flux-lora-canny` and `fal-ai/flux-lora-depth` (FLUX.1 Canny
 * and Depth [dev], in `@fal-ai/client`'s endpoint map), and the retired `fal-ai/flux-pro/v1/canny|depth`.
 */
function isStructureEndpoint(name: string): boolean {
  return /(\/flux-lora-(canny|depth)|\/v1\/(canny|depth))$/.test(name.toLowerCase())
}

/** The request body for a fal endpoint and a task; images inline as data URIs or uploaded to fal storage (`files`). */
export async function falInput(
  model: string,
  task: EngineTask,
  files: FileInputs = inlineInputs,
): Promise<ModelInput> {
  const p = hostedPrompt(task)
  const name = model.toLowerCase()
  if (isStructureEndpoint(name)) {
    const control =
      task.kind === 'sketch' && /canny$/.test(name)
        ? await sketchControlImage(task.input, 'ink')
        : (await providerImages(task)).image
    // "Follow my lines" (docs/product.md#follow-lines): the control's guidance; balanced keeps the endpoint's own
    const guidance = FAL_CONTROL_GUIDANCE[followLinesOf(task)]
    const legacy = /\/v1\/(canny|depth)$/.test(name)
    return {
      prompt: p.full,
      input: {
        prompt: p.full,
        // the FLUX.1 [dev] structure endpoints take the control as image_url; the retired FLUX Pro ones
        // (fal-ai/flux-pro/v1/canny, /depth) called it control_image_url
        [legacy ? 'control_image_url' : 'image_url']: await files.url(control),
        // without a size the endpoint renders landscape_4_3 whatever the sketch's shape
        image_size: { width: control.width, height: control.height },
        num_images: 1,
        output_format: 'png',
        ...(guidance !== null ? { guidance_scale: legacy ? guidance.pro : guidance.dev } : {}),
      },
    }
  }
  const { image, mask } = await providerImages(task)
  if (/\/fill$/.test(name)) {
    if (!mask) throw providerFailed(task.kind, `${model} needs a mask and this task has none`)
    return {
      prompt: p.full,
      input: {
        prompt: p.full,
        image_url: await files.url(image),
        mask_url: await files.url(mask),
        num_images: 1,
        output_format: 'png',
      },
    }
  }
  if (name.includes('kontext')) {
    const prompt = await instruction(task, p.text)
    return {
      prompt,
      input: { prompt, image_url: await files.url(image), num_images: 1, output_format: 'png' },
    }
  }
  if (/nano-banana|gemini/.test(name)) {
    const prompt = await instruction(task, p.text)
    return {
      prompt,
      input: { prompt, image_urls: [await files.url(image)], num_images: 1, output_format: 'png' },
    }
  }
  if (task.kind === 'animate' && name.includes('kling')) {
    return {
      prompt: p.full,
      input: {
        prompt: p.text,
        image_url: await files.url(image),
        duration: task.duration >= 8 ? '10' : '5',
        negative_prompt: p.negative,
        cfg_scale: 0.5,
      },
    }
  }
  return {
    prompt: p.full,
    input: {
      prompt: p.full,
      image_url: await files.url(image),
      ...(mask ? { mask_url: await files.url(mask) } : {}),
    },
  }
}

/**
 * Whether fal's safety checker flagged the output: FLUX endpoints answer `has_nsfw_concepts` (one boolean per
 * image, in `@fal-ai/client`'s output types) and send a blacked-out picture in place of a flagged one.
 */
export function falFlagged(result: Record<string, unknown>): boolean {
  const flags = result.has_nsfw_concepts
  return Array.isArray(flags) ? flags.some((f) => f === true) : flags === true
}

/** fal results name their files images[], image or video, each with a url. */
export function falOutputUrl(result: Record<string, unknown>): string | null {
  const file = (v: unknown) => (v && typeof v === 'object' ? (v as { url?: unknown }).url : undefined)
  const candidates = [
    file((result.video as unknown) ?? null),
    ...(Array.isArray(result.images) ? result.images.map(file) : []),
    file(result.image),
  ]
  const url = candidates.find((u): u is string => typeof u === 'string' && u.length > 0)
  return url ?? null
}
