import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../test/render'
import { PrintReadout } from './PrintReadout'

// docs/decisions/0116-print-targets.md: the readout, its warning and the upscale it offers
describe('the print readout', () => {
  it('warns that a 1024 × 768 render is short of A3 and offers the largest upscale with the dpi it reaches', async () => {
    const onUpscale = vi.fn()
    await renderWithApp(<PrintReadout width={1024} height={768} onUpscale={onUpscale} />)
    expect(screen.getByTestId('print-readout').dataset.ok).toBe('false')
    expect(screen.getByTestId('print-dpi').textContent).toBe('Effective resolution: 65 dpi')
    expect(screen.getByTestId('print-status').textContent).toContain('4×, brings it to 262 dpi')
    fireEvent.click(screen.getByTestId('print-upscale'))
    expect(onUpscale).toHaveBeenCalledWith(4)
  })

  it('says a picture that fills A4 at 300 dpi is sharp, and offers nothing', async () => {
    await renderWithApp(<PrintReadout width={3508} height={2480} onUpscale={() => {}} />)
    fireEvent.change(screen.getByTestId('print-target'), { target: { value: 'a4' } })
    expect(screen.getByTestId('print-readout').dataset.ok).toBe('true')
    expect(screen.getByTestId('print-status').textContent).toBe('Sharp at this size')
    expect(screen.queryByTestId('print-upscale')).toBeNull()
  })

  it('reads a long-edge rule without a dpi, in Arabic too', async () => {
    await renderWithApp(<PrintReadout width={1600} height={1200} />, { language: 'ar' })
    fireEvent.change(screen.getByTestId('print-target'), { target: { value: 'mls' } })
    expect(screen.queryByTestId('print-dpi')).toBeNull()
    expect(screen.getByTestId('print-needs').textContent).toContain('2,048')
    expect(screen.getByTestId('print-status').textContent).toContain('تكبير 2× يكفي')
  })
})
