import { appendInput } from '../create/inputImage'
import type { StartJobInput } from '../create/useStartJob'
import type { StagingDraft } from './hooks/useStagingDraft'

/** POST /api/render/start for home staging: the photo, room type, palette, options and style. */
export function stagingRequest(d: StagingDraft): StartJobInput {
  const form = new FormData()
  form.append('generationType', 'home-staging')
  form.append('roomType', d.roomType)
  form.append('stagingStyle', d.style)
  for (const option of d.options) form.append('stagingOptions', option)
  if (d.paletteId) form.append('colorPaletteId', d.paletteId)
  form.append('followLines', d.followLines)
  if (d.variations > 1) form.append('variations', String(d.variations))
  if (d.notes.trim()) form.append('userPrompt', d.notes.trim())
  const photo = d.photos[0]
  if (photo) appendInput(form, 'image', photo)
  return { endpoint: '/render/start', body: form }
}
