import { appendInput } from '../create/inputImage'
import type { StartJobInput } from '../create/useStartJob'
import type { SketchDraft } from './hooks/useSketchDraft'

/** POST /api/render/start for a sketch render (docs/product.md#render-request). */
export function sketchRenderRequest(d: SketchDraft, advanced: boolean): StartJobInput {
  const form = new FormData()
  form.append('generationType', 'sketch-render')
  form.append('userPrompt', d.description.trim())
  if (d.styleId) form.append('styleId', d.styleId)
  if (d.paletteId) form.append('colorPaletteId', d.paletteId)
  if (d.useCustomColors && d.customColors.length) form.append('customColors', d.customColors.join(','))
  form.append('followLines', d.followLines)
  if (d.variations > 1) form.append('variations', String(d.variations))
  if (advanced) {
    if (d.extraPrompt.trim()) form.append('enhancedPrompt', d.extraPrompt.trim())
    form.append('useControlNet', String(d.keepLines))
    const settings: Record<string, number> = { creativity: d.creativity / 100 }
    if (d.seed) settings.seed = Number(d.seed)
    form.append('settings', JSON.stringify(settings))
  }
  const sketch = d.sketches[0]
  if (sketch) appendInput(form, 'sketch', sketch)
  return { endpoint: '/render/start', body: form }
}

/** POST /api/render/start for multi-angle views: one job per angle (and per sketch of a Pro batch). */
export function multiAngleRequest(d: SketchDraft): StartJobInput {
  const form = new FormData()
  form.append('generationType', 'multi-angle')
  form.append('userPrompt', d.buildingDescription.trim())
  for (const angle of d.angles) form.append('angles', angle)
  form.append('followLines', d.followLines)
  for (const sketch of d.sketches) appendInput(form, 'sketch', sketch)
  return { endpoint: '/render/start', body: form }
}
