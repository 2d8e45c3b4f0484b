import type { CameraMovement, SkyMood, StagingOption } from '@parti/contract'
import { colourName, describePalette } from '../../domain/prompt.ts'
import type { ConversationTurn, EnginePalette, EngineTask } from '../types.ts'

/** What a hosted model is told: the text, the things to avoid, and the whole as the generation records it. */
export interface HostedPrompt {
  text: string
  negative: string
  /** the prompt as used, for facts.enhancedPrompt (text, then what to avoid) */
  full: string
}

const RENDER_QUALITY = 'photorealistic architectural visualisation, natural light, high detail'
/** the new sky in a hosted edit model's words (docs/decisions/0125-hosted-sky-and-dusk.md) */
const SKY_WORDS: Record<SkyMood, string> = {
  blue: 'a clear blue daytime sky with a few soft white clouds',
  golden: 'a warm golden-hour sky, low sun, soft orange and pink clouds',
  dusk: 'a deep blue dusk sky with a last band of orange at the horizon',
}
const DEFAULT_NEGATIVE = 'blurry, distorted geometry, warped lines, low quality, text, watermark'

/**
 * The enhanced prompt for a task (user prompt + style prompt + quality prompt + negative prompt +
 * palette in words). Render requests already arrive enhanced (kinds/*.ts); every part is added
 * only when missing, so nothing is said twice.
 */
export function hostedPrompt(task: EngineTask): HostedPrompt {
  switch (task.kind) {
    case 'sketch':
      return finish(
        withParts(task.prompt, [
          task.style?.prompt,
          task.customColors?.length
            ? `colour scheme ${task.customColors.map(colourName).join(', ')}`
            : paletteWords(task.palette, task.prompt),
          task.style?.qualityPrompt || RENDER_QUALITY,
        ]),
        task.style?.negativePrompt || DEFAULT_NEGATIVE,
      )
    case 'multi-angle':
      return finish(
        withParts(`Render this architectural sketch as the ${angleWords(task.angle)} of the building`, [
          task.prompt,
          task.style?.prompt,
          paletteWords(task.palette, task.prompt),
          task.style?.qualityPrompt || RENDER_QUALITY,
        ]),
        task.style?.negativePrompt || DEFAULT_NEGATIVE,
      )
    case 'staging-clean':
      return finish(
        [
          'Clean up this room photograph',
          ...cleaningWords(task.options),
          'correct exposure and white balance, straight verticals',
          'keep the walls, windows, floor and room layout exactly as they are',
        ].join(', '),
        'people, text, watermark, distorted walls',
      )
    case 'staging-stage':
      return finish(
        withParts(task.prompt, [paletteWords(task.palette, task.prompt), 'photorealistic interior photo']),
        'blurry, distorted furniture, warped walls, people, text, watermark, low quality',
      )
    case 'inpaint':
      return finish(task.prompt.trim(), '')
    case 'magic-edit':
      return finish(
        withParts(task.prompt.trim(), [task.palette && `use the ${describePalette(task.palette)}`]),
        '',
      )
    case 'animate':
      return finish(
        withParts(task.prompt.trim(), [cameraWords(task.cameraMovement), 'smooth cinematic motion']),
        'shaky camera, distorted architecture, morphing buildings, flicker, text, watermark',
      )
    case 'straighten':
      return finish(
        'Correct the perspective of this photograph: make every vertical line of the building exactly vertical and the horizon level, two-point perspective, change nothing else',
        'curved lines, warped walls, added objects, text, watermark',
      )
    case 'upscale':
      return finish(
        `Upscale this picture ${task.factor} times, keeping every line, texture and colour exactly; add no new objects`,
        'blur, added objects, changed layout, text, watermark',
      )
    case 'light':
      return finish(
        'Improve the light of this real-estate photograph: balanced exposure, neutral white balance, gentle local contrast, bright windows not blown out, change nothing else',
        'added objects, changed furniture, oversaturated, HDR halos, text, watermark',
      )
    case 'sky':
      return finish(
        `The same photo with a new sky: ${SKY_WORDS[task.mood]}, and the light on the building matched to it. Nothing else changed: same building, same roofline, same framing, same materials, same trees and surroundings`,
        'changed building, moved roofline, added objects, people, text, watermark',
      )
    case 'dusk':
      return finish(
        'The same photo at dusk: deep blue twilight sky just after sunset, warm light glowing from every window and exterior light fixture, the building gently darker under the evening sky. Nothing else changed: same building, same framing, same materials, same trees and surroundings',
        'changed building, moved or added windows, added objects, people, daylight, text, watermark',
      )
    case 'privacy':
      return finish(
        'Blur every face and the marked areas of this photograph beyond recognition, change nothing else',
        'sharp faces, readable text, added objects, watermark',
      )
    case 'repaint':
      return finish(
        `Repaint the marked wall, floor or ceiling of this photograph in ${task.paint}, keeping its light and shadows, change nothing else`,
        'changed furniture, changed lighting, added objects, text, watermark',
      )
  }
}

/** The palette in words, unless the request (enhanced when it was made) already names it. */
function paletteWords(palette: EnginePalette | null, prompt: string): string | null {
  if (!palette) return null
  if (prompt.toLowerCase().includes(`${palette.name.toLowerCase()} palette`)) return null
  return describePalette(palette)
}

function finish(text: string, negative: string): HostedPrompt {
  return { text, negative, full: negative ? `${text}. Avoid: ${negative}` : text }
}

function withParts(base: string, parts: Array<string | null | undefined | false>): string {
  let out = base.trim()
  const lower = () => out.toLowerCase()
  for (const p of parts) {
    if (!p) continue
    if (lower().includes(p.toLowerCase())) continue
    out = out ? `${out}, ${p}` : p
  }
  return out
}

const ANGLE_WORDS: Record<string, string> = {
  front: 'front elevation view',
  side: 'side view',
  aerial: "aerial bird's-eye view",
  corner: 'three-quarter corner view',
  interior: 'interior view',
  contextual: 'wide contextual view in its surroundings',
}

function angleWords(angle: string): string {
  return ANGLE_WORDS[angle] ?? `${angle} view`
}

const CLEANING_WORDS: Partial<Record<StagingOption, string>> = {
  removeClutter: 'remove all clutter and personal items',
  removeFurniture: 'remove all furniture to leave an empty room',
  repaint: 'freshly painted clean walls',
}

function cleaningWords(options: StagingOption[]): string[] {
  const words = options.map((o) => CLEANING_WORDS[o]).filter((w): w is string => !!w)
  return words.length ? words : ['remove clutter']
}

/** The twelve camera movements of docs/product.md#camera-movements, in the words video models follow. */
const CAMERA_WORDS: Record<CameraMovement, string> = {
  static: 'static locked-off camera, no camera movement',
  zoom_in: 'slow zoom in',
  zoom_out: 'slow zoom out',
  pan_left: 'camera pans slowly to the left',
  pan_right: 'camera pans slowly to the right',
  pan_up: 'camera tilts slowly upward',
  pan_down: 'camera tilts slowly downward',
  rotate_clockwise: 'camera rolls slowly clockwise',
  rotate_counter: 'camera rolls slowly counter-clockwise',
  dolly_in: 'camera dollies forward toward the subject',
  dolly_out: 'camera dollies backward away from the subject',
  orbit: 'camera orbits slowly around the subject',
}

function cameraWords(move: CameraMovement): string {
  return CAMERA_WORDS[move]
}

/**
 * Earlier Ask Parti turns as context for models that are stateless (one image edit per call): the last few
 * requests, so "make it warmer" after "add a rug" is understood. The current request is not repeated.
 */
export function conversationContext(history: ConversationTurn[], current: string, maxTurns = 6): string {
  const turns = withoutCurrent(history, current).slice(-maxTurns)
  if (!turns.length) return ''
  const lines = turns.map((t) => `${t.role === 'user' ? 'User' : 'Assistant'}: ${t.text.slice(0, 300)}`)
  return `Earlier in this conversation:\n${lines.join('\n')}\n\nNow: `
}

/** The history ends with the request being served; drop it so it is not sent twice. */
export function withoutCurrent(history: ConversationTurn[], current: string): ConversationTurn[] {
  const last = history.at(-1)
  if (last?.role === 'user' && last.text.trim() === current.trim()) return history.slice(0, -1)
  return history
}
