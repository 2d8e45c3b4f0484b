import { GENERATION_MODES, type Generation, type GenerationMode } from '@parti/contract'
import { Clapperboard, Lasso, type LucideIcon, PencilRuler, Rotate3d, Sofa, WandSparkles } from 'lucide-react'

/** How each kind of result is named and drawn in the gallery (spec §1 kinds). */
export const KIND_ICON: Record<GenerationMode, LucideIcon> = {
  sketch: PencilRuler,
  'multi-angle': Rotate3d,
  staging: Sofa,
  'magic-edit': WandSparkles,
  inpaint: Lasso,
  animate: Clapperboard,
}

/** Filters list kinds in the contract's order. */
export const KIND_ORDER: readonly GenerationMode[] = GENERATION_MODES

export const isPending = (g: Pick<Generation, 'status'>) =>
  g.status === 'pending' || g.status === 'processing'

/** The image a result is compared against: the source for edits and videos, the sketch or room photo else. */
export function beforeUrl(g: Generation): string | null {
  return g.sourceImageUrl ?? g.inputImageUrl ?? null
}
