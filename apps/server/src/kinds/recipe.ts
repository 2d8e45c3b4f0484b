import type { AskedEffects, Step } from '@parti/contract'
import type { NewJob } from './types.ts'

/**
 * A recipe as the row keeps it (docs/decisions/0098-recipe-and-run-again.md): files as blob keys, the engines
 * filled in when the job ran. The job's payload stays the one thing the worker runs; this is its record.
 */
export interface StoredRecipe {
  engine: string | null
  model: string | null
  steps: { step: Step; engine: string; model: string }[]
  seed: number | null
  prompt: string | null
  negativePrompt: string | null
  style: { id: string; name: string } | null
  palette: { id: string; name: string; colors: string[] } | null
  customColors: string[] | null
  options: Record<string, unknown>
  maskKey: string | null
  sourceGenerationId: string | null
  inputKeys: string[]
  /** what planning made of the request, to make it again without planning it again (not shown) */
  planned?: {
    enhancedPrompt: string | null
    metadata: Record<string, unknown>
    /** what the request asked of the engine, checked again when it is run on another (absent on older rows) */
    asked?: AskedEffects
  }
}

/** The task's fields that are recorded on their own, or are files or plumbing rather than settings. */
const NOT_OPTIONS = new Set([
  'kind',
  'inputKey',
  'maskKey',
  'prompt',
  'style',
  'palette',
  'customColors',
  'seed',
  'conversationId',
])

/** What a new job records of how it will be made, before an engine is chosen. */
export function recipeOf(job: NewJob): StoredRecipe {
  const task = job.task as Record<string, unknown>
  const style = task.style as { id: string; name: string } | null | undefined
  const palette = task.palette as StoredRecipe['palette'] | undefined
  return {
    engine: null,
    model: null,
    steps: [],
    seed: job.seed ?? null,
    prompt: typeof task.prompt === 'string' ? task.prompt : job.enhancedPrompt,
    negativePrompt: job.negativePrompt ?? null,
    style: style ? { id: style.id, name: style.name } : null,
    palette: palette ? { id: palette.id, name: palette.name, colors: palette.colors } : null,
    customColors: Array.isArray(task.customColors) ? (task.customColors as string[]) : null,
    options: Object.fromEntries(Object.entries(task).filter(([k]) => !NOT_OPTIONS.has(k))),
    maskKey: job.maskKey ?? null,
    sourceGenerationId: job.sourceGenerationId ?? null,
    inputKeys: job.inputKeys,
    planned: {
      enhancedPrompt: job.enhancedPrompt,
      metadata: job.metadata,
      ...(job.asked ? { asked: job.asked } : {}),
    },
  }
}
