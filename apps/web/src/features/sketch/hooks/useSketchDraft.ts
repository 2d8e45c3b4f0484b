import type { Angle, FollowLines } from '@parti/contract'
import { useDraft } from '../../create/hooks/useDraft'
import type { InputImage } from '../../create/inputImage'

export interface SketchDraft {
  /** shared by both modes: render uses the first */
  sketches: InputImage[]
  description: string
  buildingDescription: string
  /** undefined until the user chooses: the first style is then preselected */
  styleId: string | null | undefined
  category: string | null
  paletteId: string | null
  useCustomColors: boolean
  customColors: string[]
  extraPrompt: string
  keepLines: boolean
  /** "Follow my lines" for both modes (docs/product.md#follow-lines) */
  followLines: FollowLines
  seed: string
  creativity: number
  angles: Angle[]
  /** how many variations a render makes (docs/product.md#variations) */
  variations: number
  /** the jobs the result area shows */
  renderIds: string[]
  angleIds: string[]
  /** Generate was pressed while something was missing: fields show their messages */
  showErrors: boolean
}

const DEFAULT_CUSTOM_COLOURS = ['#e8e1d5', '#b8643c', '#3f4a52']

export function useSketchDraft() {
  return useDraft<SketchDraft>('sketch', () => ({
    sketches: [],
    description: '',
    buildingDescription: '',
    styleId: undefined,
    category: null,
    paletteId: null,
    useCustomColors: false,
    customColors: DEFAULT_CUSTOM_COLOURS,
    extraPrompt: '',
    keepLines: true,
    followLines: 'balanced',
    seed: '',
    creativity: 50,
    angles: ['front', 'corner', 'aerial'],
    variations: 1,
    renderIds: [],
    angleIds: [],
    showErrors: false,
  }))
}
