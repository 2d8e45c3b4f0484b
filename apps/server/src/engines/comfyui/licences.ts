import type { ComfyGraph } from './workflows.ts'

/**
 * The licences of the model weights ComfyUI templates load, by file name, as their publishers give them
 * (docs/decisions/0088-comfyui-model-licences.md). A template is as usable as its most restrictive file: one
 * non-commercial file makes the whole template non-commercial, and start-up refuses it unless
 * COMFYUI_ALLOW_NONCOMMERCIAL=true. A file not in this table is unknown: allowed, and named in the start-up log.
 */
export interface ModelLicence {
  /** the model the file belongs to */
  model: string
  licence: string
  /** its outputs may be used in a commercial service */
  commercial: boolean
}

const FLUX_DEV: ModelLicence = {
  model: 'FLUX.1 [dev] family',
  licence: 'FLUX.1 [dev] Non-Commercial License',
  commercial: false,
}
const SDXL: ModelLicence = {
  model: 'Stable Diffusion XL',
  licence: 'CreativeML Open RAIL++-M',
  commercial: true,
}

const LICENCES: Array<{ file: RegExp; licence: ModelLicence }> = [
  // FLUX.1 [dev] and everything built on it: Kontext [dev], Canny/Depth/Fill [dev], Krea [dev]
  {
    file: /^flux1?[-_.]?(dev|kontext[-_]dev|krea[-_]dev|canny[-_]dev|depth[-_]dev|fill[-_]dev)/i,
    licence: FLUX_DEV,
  },
  { file: /^flux1-dev-kontext/i, licence: FLUX_DEV },
  {
    file: /^flux1?[-_.]?schnell/i,
    licence: { model: 'FLUX.1 [schnell]', licence: 'Apache-2.0', commercial: true },
  },
  // FLUX's text encoders and autoencoder (CLIP-L: MIT; T5-XXL: Apache-2.0; ae: Apache-2.0 with schnell)
  {
    file: /^(clip_l|t5xxl_[\w]+|ae)\.safetensors$/i,
    licence: { model: 'FLUX encoders', licence: 'Apache-2.0 / MIT', commercial: true },
  },
  {
    file: /^(qwen_image(_edit)?[\w.-]*|qwen_2\.5_vl_7b[\w.-]*|qwen_image_vae)\.safetensors$/i,
    licence: { model: 'Qwen-Image / Qwen-Image-Edit', licence: 'Apache-2.0', commercial: true },
  },
  { file: /^sd_xl_(base|refiner)_1\.0[\w.-]*\.safetensors$/i, licence: SDXL },
  // the official release ships only diffusers folders: its UNet, kept in a folder named after the release
  {
    file: /^stable-diffusion-xl-1\.0-inpainting-0\.1\/diffusion_pytorch_model(\.fp16)?\.safetensors$/i,
    licence: SDXL,
  },
  { file: /^controlnet-canny-sdxl-1\.0[\w.-]*\.safetensors$/i, licence: SDXL },
  {
    file: /^(wan2\.1_[\w.-]+|wan_2\.1_vae|umt5_xxl_[\w.-]+|clip_vision_h)\.safetensors$/i,
    licence: { model: 'Wan 2.1', licence: 'Apache-2.0', commercial: true },
  },
]

/** The model files a graph loads: string inputs of its nodes that name a weights file. */
function modelFiles(graph: ComfyGraph): string[] {
  const files = new Set<string>()
  for (const node of Object.values(graph))
    for (const value of Object.values(node.inputs ?? {}))
      if (typeof value === 'string' && /\.(safetensors|ckpt|pt|pth|bin|gguf|sft)$/i.test(value))
        files.add(value.replace(/\\/g, '/'))
  return [...files]
}

/** A file's licence, matched on its path under the models folder or on its name alone. */
export function licenceOf(file: string): ModelLicence | null {
  const name = file.split('/').at(-1)!
  return LICENCES.find((l) => l.file.test(file) || l.file.test(name))?.licence ?? null
}

/** What a template's files allow: the non-commercial ones, and the ones this table does not know. */
export function templateLicences(graph: ComfyGraph) {
  const files = modelFiles(graph).map((file) => ({ file, licence: licenceOf(file) }))
  return {
    files,
    nonCommercial: files.filter((f) => f.licence?.commercial === false),
    unknown: files.filter((f) => !f.licence).map((f) => f.file),
  }
}
