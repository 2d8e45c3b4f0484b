import type { AdminStyle, LocalStyleParams, StyleInput } from '@parti/contract'

export const LOOKS = [
  'marker',
  'watercolour',
  'ink-wash',
  'colour-block',
  'night',
  'blueprint',
  'pencil',
  'clay',
  'golden-hour',
  'mist',
] as const satisfies readonly LocalStyleParams['look'][]

/** The local engine's look parameters the form offers, with the contract's ranges (catalog.ts). */
export const LOOK_SLIDERS = [
  { key: 'lineWeight', min: 0, max: 4, step: 0.1 },
  { key: 'saturation', min: 0, max: 2, step: 0.05 },
  { key: 'warmth', min: -1, max: 1, step: 0.05 },
  { key: 'paperTexture', min: 0, max: 1, step: 0.05 },
  { key: 'shading', min: 0, max: 1, step: 0.05 },
] as const

export const DEFAULT_LOOK: LocalStyleParams = {
  look: 'marker',
  lineWeight: 1,
  saturation: 1,
  warmth: 0,
  paperTexture: 0.3,
  shading: 0.5,
}

/**
 * The image part of the form: keep what the style has, none of its own (drawn from its look), an image just
 * uploaded, or an address the server fetches when the style is saved.
 */
export type ImageDraft =
  | { kind: 'keep' }
  | { kind: 'drawn' }
  | { kind: 'uploaded'; imageUrl: string }
  | { kind: 'url'; url: string }

export interface StyleDraft {
  name: string
  category: string
  image: ImageDraft
  prompt: string
  negativePrompt: string
  qualityPrompt: string
  active: boolean
  look: LocalStyleParams
}

export function draftOf(style: AdminStyle | null, defaultCategory = ''): StyleDraft {
  return {
    name: style?.name ?? '',
    category: style?.category ?? defaultCategory,
    image: style ? { kind: 'keep' } : { kind: 'drawn' },
    prompt: style?.prompt ?? '',
    negativePrompt: style?.negativePrompt ?? '',
    qualityPrompt: style?.qualityPrompt ?? '',
    active: style?.active ?? true,
    look: style?.localParams ?? DEFAULT_LOOK,
  }
}

/** What the form sends (the contract's StyleInput): `imageUrl` left out keeps the current image. */
export function inputOf(draft: StyleDraft): StyleInput {
  const input: StyleInput = {
    name: draft.name.trim(),
    category: draft.category.trim(),
    prompt: draft.prompt,
    negativePrompt: draft.negativePrompt,
    qualityPrompt: draft.qualityPrompt,
    active: draft.active,
    localParams: draft.look,
  }
  if (draft.image.kind === 'drawn') input.imageUrl = null
  if (draft.image.kind === 'uploaded') input.imageUrl = draft.image.imageUrl
  if (draft.image.kind === 'url') input.imageUrl = draft.image.url.trim()
  return input
}

export type DraftProblem = 'name' | 'category' | 'imageUrl'

/** The fields to fix before saving; the server checks them again. */
export function draftProblems(draft: StyleDraft): DraftProblem[] {
  const problems: DraftProblem[] = []
  if (!draft.name.trim()) problems.push('name')
  if (!draft.category.trim()) problems.push('category')
  if (draft.image.kind === 'url' && !/^https?:\/\/\S+$/i.test(draft.image.url.trim()))
    problems.push('imageUrl')
  return problems
}
