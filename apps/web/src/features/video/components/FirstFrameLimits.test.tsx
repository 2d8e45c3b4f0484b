import type { InputLimits } from '@parti/contract'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../../test/render'
import { FirstFrameLimits, firstFrameReason } from './FirstFrameLimits'

// the video page shows the first frame the engine declares it takes (GET /api/capabilities, kinds.animate.input),
// before Generate, and refuses a picture outside it as the server would (docs/product.md#capabilities)
const kling: InputLimits = {
  minSide: 300,
  minAspect: 1 / 2.5,
  maxAspect: 2.5,
  note: 'This video model needs a first frame at least 300 pixels on its short side, no wider than 2.5:1 and no taller than 1:2.5.',
}

describe("the video model's first-frame limits on the video page", () => {
  it('says the declared limits before any picture is chosen', async () => {
    await renderWithApp(<FirstFrameLimits limits={kling} />)
    const note = screen.getByTestId('first-frame-limits')
    expect(note.textContent).toBe(
      'This video model needs a first frame at least 300 pixels on its short side. Its shape must be between 1:2.5 (tall) and 2.5:1 (wide).',
    )
    expect(note.dataset.outside).toBeUndefined()
  })

  it('follows what the engine declares, not numbers of its own', async () => {
    await renderWithApp(
      <FirstFrameLimits limits={{ minSide: 512, minAspect: 0.5, maxAspect: 2, note: '' }} />,
    )
    expect(screen.getByTestId('first-frame-limits').textContent).toContain('at least 512 pixels')
    expect(screen.getByTestId('first-frame-limits').textContent).toContain(
      'between 1:2 (tall) and 2:1 (wide)',
    )
  })

  it('shows nothing when the engine declares no limit (the local engine)', async () => {
    await renderWithApp(<FirstFrameLimits limits={undefined} frame={{ width: 100, height: 100 }} />)
    expect(screen.queryByTestId('first-frame-limits')).toBeNull()
  })

  it('a picture outside them is named, in the danger colour, and Generate gets the not_offered reason', async () => {
    await renderWithApp(<FirstFrameLimits limits={kling} frame={{ width: 1200, height: 300 }} />)
    const note = screen.getByTestId('first-frame-limits')
    expect(note.dataset.outside).toBe('true')
    expect(note.textContent).toContain('This picture is 1200×300: choose another one.')
    expect(firstFrameReason(kling, { width: 1200, height: 300 })).toEqual([
      { code: 'not_offered', field: 'image' },
    ])
    expect(firstFrameReason(kling, { width: 280, height: 400 })).toEqual([
      { code: 'not_offered', field: 'image' },
    ])
    expect(firstFrameReason(kling, { width: 1000, height: 400 })).toEqual([])
    // a size not known yet (a file still being measured, a URL) is left to the server's own check
    expect(firstFrameReason(kling, { previewUrl: 'https://example.com/a.jpg' })).toEqual([])
  })

  it('is translated (Arabic)', async () => {
    await renderWithApp(<FirstFrameLimits limits={kling} />, { language: 'ar' })
    const text = screen.getByTestId('first-frame-limits').textContent ?? ''
    expect(text).toContain('يحتاج نموذج الفيديو')
    expect(text).not.toContain('This video model')
  })
})
