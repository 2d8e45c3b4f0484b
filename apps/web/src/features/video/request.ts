import type { StartJobInput } from '../create/useStartJob'
import type { VideoDraft } from './hooks/useVideoDraft'

/**
 * POST /api/render/animate (docs/product.md#api-render): multipart with the `image` file, or JSON with an
 * image URL or an earlier result, plus the description, the duration and the camera movement.
 */
export function videoRequest(d: VideoDraft): StartJobInput {
  const fields = { description: d.description.trim(), duration: d.duration, cameraMovement: d.move }
  const image = d.images[0]
  if (d.source === 'url') return { endpoint: '/render/animate', body: { ...fields, imageUrl: d.url.trim() } }
  if (image?.kind === 'generation')
    return { endpoint: '/render/animate', body: { ...fields, sourceGenerationId: image.generationId } }
  if (image?.kind === 'url') return { endpoint: '/render/animate', body: { ...fields, imageUrl: image.url } }
  const form = new FormData()
  form.append('description', fields.description)
  form.append('duration', String(fields.duration))
  form.append('cameraMovement', fields.cameraMovement)
  if (image?.kind === 'file') form.append('image', image.file, image.file.name || 'image.png')
  return { endpoint: '/render/animate', body: form }
}
