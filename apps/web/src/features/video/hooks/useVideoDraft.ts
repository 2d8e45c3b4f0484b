import type { CameraMovement, VideoDuration } from '@parti/contract'
import { useDraft } from '../../create/hooks/useDraft'
import type { InputImage } from '../../create/inputImage'
import type { SourceMode } from '../readiness'

export interface VideoDraft {
  source: SourceMode
  images: InputImage[]
  url: string
  description: string
  duration: VideoDuration
  move: CameraMovement
  ids: string[]
  showErrors: boolean
}

export function useVideoDraft() {
  return useDraft<VideoDraft>('video', () => ({
    source: 'upload',
    images: [],
    url: '',
    description: '',
    duration: 6,
    move: 'zoom_in',
    ids: [],
    showErrors: false,
  }))
}
