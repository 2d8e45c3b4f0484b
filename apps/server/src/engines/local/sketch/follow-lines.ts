import type { FollowLines } from '@parti/contract'
import type { LookSpec } from './looks.ts'

/**
 * "Follow my lines" on the built-in engine (docs/product.md#follow-lines): how strongly the drawing's own lines
 * are kept in the picture. Strict draws them at full strength, keeps the colour inside them and adds no line the
 * drawing does not have (no glass reflections, softer cast shadows, no medium texture); loose lets them fade under
 * the colour, which bleeds across them like a quick wash. Balanced is the style's own look.
 */
export function followSpec(spec: LookSpec, level: FollowLines | undefined): LookSpec {
  if (level === 'strict')
    return {
      ...spec,
      lineOpacity: 1,
      lineWeight: Math.max(1, spec.lineWeight),
      edgeGap: 0,
      bleed: 0,
      shading: spec.shading * 0.5,
      textureAmount: 0,
      glassHighlights: false,
    }
  if (level === 'loose')
    return {
      ...spec,
      lineOpacity: spec.lineOpacity * 0.3,
      lineWeight: spec.lineWeight * 0.7,
      bleed: spec.bleed + 2,
      edgeGap: spec.edgeGap + 1.5,
    }
  return spec
}
