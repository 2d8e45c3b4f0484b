import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { changeMask } from '../../../components/ui/ChangesOverlay'
import { renderWithApp } from '../../../test/render'
import { ResultViewer } from './ResultViewer'

const props = {
  beforeUrl: '/api/files/before.png',
  afterUrl: '/api/files/after.png',
  beforeLabel: 'Original',
  afterLabel: 'Edited',
  alt: 'the edit',
}

describe('changeMask', () => {
  it('tints exactly the pixels where a channel moved past the threshold, and measures their share', () => {
    // four pixels: unchanged, JPEG noise, a red shift, a blue shift
    const before = new Uint8ClampedArray([10, 10, 10, 255, 100, 100, 100, 255, 50, 50, 50, 255, 0, 0, 0, 255])
    const after = new Uint8ClampedArray([10, 10, 10, 255, 104, 97, 102, 255, 90, 50, 50, 255, 0, 0, 40, 255])
    const { pixels, share } = changeMask(before, after, 12)
    expect(share).toBe(0.5)
    expect([pixels[3], pixels[7], pixels[11], pixels[15]].map((a) => (a ?? 0) > 0)).toEqual([
      false,
      false,
      true,
      true,
    ])
  })
})

describe('ResultViewer, Show changes', () => {
  it('offers the overlay for an edit with a measured change, and says how much changed', async () => {
    await renderWithApp(<ResultViewer {...props} changedArea={0.083} />)
    expect(screen.getByTestId('changed-area').textContent).toBe('Changed 8% of the picture')
    const toggle = screen.getByRole('switch', { name: 'Show changes' })
    expect(screen.queryByTestId('changes-overlay')).toBeNull()
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-checked')).toBe('true')
    expect(screen.getByRole('img', { name: 'Where the picture changed, tinted' })).toBeTruthy()
  })

  it('offers nothing for a result without a source, or without a measured change (a sketch render)', async () => {
    const { unmount } = await renderWithApp(<ResultViewer {...props} beforeUrl={null} changedArea={0.2} />)
    expect(screen.queryByRole('switch')).toBeNull()
    unmount()
    await renderWithApp(<ResultViewer {...props} />)
    expect(screen.queryByRole('switch')).toBeNull()
    expect(screen.queryByTestId('changed-area')).toBeNull()
  })

  it('reads in Arabic', async () => {
    await renderWithApp(<ResultViewer {...props} changedArea={0.083} />, { language: 'ar' })
    expect(screen.getByRole('switch', { name: 'إظهار التغييرات' })).toBeTruthy()
    expect(screen.getByTestId('changed-area').textContent).toMatch(/^تغيّر .+ من الصورة$/)
  })
})
