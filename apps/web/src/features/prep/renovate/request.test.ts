import { describe, expect, it } from 'vitest'
import { repaintRequest } from './request'

// docs/decisions/0120-repaint-materials.md: a repaint sends a colour or a material, never both
describe('repaint request', () => {
  const photo = {
    kind: 'file',
    file: new File(['x'], 'room.png', { type: 'image/png' }),
    previewUrl: 'data:,',
  } as const

  it('sends a material alone, with the click', () => {
    const form = repaintRequest(photo, { material: 'oak-parquet' }, { x: 0.5, y: 0.85 }, null)
      .body as FormData
    expect(form.get('generationType')).toBe('repaint')
    expect(form.get('material')).toBe('oak-parquet')
    expect(form.has('paintColor')).toBe(false)
    expect(form.get('paintPoint')).toBe('0.5000,0.8500')
  })

  it('sends a colour alone', () => {
    const form = repaintRequest(photo, { paintColor: 'RAL 7035' }, null, null).body as FormData
    expect(form.get('paintColor')).toBe('RAL 7035')
    expect(form.has('material')).toBe(false)
    expect(form.has('paintPoint')).toBe(false)
  })
})
