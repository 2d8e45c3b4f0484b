import type { Kind } from '@parti/contract'
import {
  Clapperboard,
  CloudSun,
  Lasso,
  type LucideIcon,
  PaintRoller,
  PencilRuler,
  Rotate3d,
  Ruler,
  Scaling,
  ScanFace,
  Sofa,
  Sun,
  Sunset,
  WandSparkles,
} from 'lucide-react'

/**
 * How the app shows each kind of result: its icon, the word in a downloaded file's name, and what the built-in
 * engine's result is called (a key of the `create` namespace's `engine` group). Its name is `kinds.<kind>` in
 * the `gallery` namespace of every language.
 */
export const KIND_UI: Record<
  Kind,
  {
    icon: LucideIcon
    fileSlug: string
    localResult:
      | 'localSketch'
      | 'localStaging'
      | 'localEdit'
      | 'localVideo'
      | 'localPrep'
      | 'localGrade'
      | 'localSky'
      | 'localPrivacy'
      | 'localRepaint'
  }
> = {
  sketch: { icon: PencilRuler, fileSlug: 'sketch-render', localResult: 'localSketch' },
  'multi-angle': { icon: Rotate3d, fileSlug: 'multi-angle', localResult: 'localSketch' },
  staging: { icon: Sofa, fileSlug: 'home-staging', localResult: 'localStaging' },
  'magic-edit': { icon: WandSparkles, fileSlug: 'magic-edit', localResult: 'localEdit' },
  inpaint: { icon: Lasso, fileSlug: 'inpaint', localResult: 'localEdit' },
  animate: { icon: Clapperboard, fileSlug: 'video', localResult: 'localVideo' },
  straighten: { icon: Ruler, fileSlug: 'straightened', localResult: 'localPrep' },
  upscale: { icon: Scaling, fileSlug: 'upscaled', localResult: 'localPrep' },
  light: { icon: Sun, fileSlug: 'better-light', localResult: 'localGrade' },
  sky: { icon: CloudSun, fileSlug: 'new-sky', localResult: 'localSky' },
  dusk: { icon: Sunset, fileSlug: 'dusk', localResult: 'localSky' },
  privacy: { icon: ScanFace, fileSlug: 'blurred', localResult: 'localPrivacy' },
  repaint: { icon: PaintRoller, fileSlug: 'repainted', localResult: 'localRepaint' },
}
