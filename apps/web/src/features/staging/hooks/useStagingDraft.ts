import type { RoomType, StagingOption, StagingStyle } from '@parti/contract'
import { useDraft } from '../../create/hooks/useDraft'
import type { InputImage } from '../../create/inputImage'

export interface StagingDraft {
  photos: InputImage[]
  roomType: RoomType
  paletteId: string | null
  options: StagingOption[]
  style: StagingStyle
  notes: string
  ids: string[]
  showErrors: boolean
}

export function useStagingDraft() {
  return useDraft<StagingDraft>('staging', () => ({
    photos: [],
    roomType: 'living-room',
    paletteId: null,
    options: ['removeClutter', 'addDecor', 'addLighting'],
    style: 'modern',
    notes: '',
    ids: [],
    showErrors: false,
  }))
}
