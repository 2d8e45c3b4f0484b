import type { FollowLines, RoomType, StagingOption, StagingStyle } from '@parti/contract'
import { useDraft } from '../../create/hooks/useDraft'
import type { InputImage } from '../../create/inputImage'

export interface StagingDraft {
  photos: InputImage[]
  roomType: RoomType
  paletteId: string | null
  options: StagingOption[]
  style: StagingStyle
  notes: string
  /** "Follow my lines" (docs/product.md#follow-lines) */
  followLines: FollowLines
  /** how many variations a request makes (docs/product.md#variations) */
  variations: number
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
    followLines: 'balanced',
    variations: 1,
    ids: [],
    showErrors: false,
  }))
}
