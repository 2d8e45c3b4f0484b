import type { EngineTask } from '../types.ts'
import { describeMaskedArea } from './images.ts'
import { maskOf } from './outputs.ts'

/** A provider request body, and the prompt exactly as sent (facts.enhancedPrompt). */
export interface ModelInput {
  input: Record<string, unknown>
  prompt: string
}

/**
 * Instruction-edit models (FLUX Kontext, Gemini, GPT image) take a sentence about what to do with the image;
 * a mask becomes words about where, and the edit is composited back inside it afterwards.
 */
export async function instruction(task: EngineTask, text: string): Promise<string> {
  const mask = maskOf(task)
  const where = mask ? `In ${await describeMaskedArea(mask)}: ` : ''
  switch (task.kind) {
    case 'sketch':
      return `Turn this architectural sketch into a finished rendering, keeping its lines and proportions: ${text}`
    case 'staging-stage':
      return `Stage this room photo, keeping its walls, windows and perspective: ${text}`
    case 'inpaint':
    case 'magic-edit':
      return `${where}${text}. Keep everything else unchanged.`
    default:
      return `${where}${text}`
  }
}
