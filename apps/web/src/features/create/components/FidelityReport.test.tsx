import type { Generation } from '@parti/contract'
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../../test/render'
import { FidelityReport } from './FidelityReport'

const generation = (fidelity: Generation['metadata']['fidelity']) =>
  ({
    id: 'g1',
    outputImageUrl: '/api/files/out.jpg',
    metadata: { width: 1024, height: 768, fidelity },
  }) as unknown as Generation

describe('FidelityReport', () => {
  it('shows the share of lines kept, lays the line check over the result on demand, and the colours’ ΔE', async () => {
    await renderWithApp(
      <FidelityReport
        generation={generation({
          score: 0.94,
          method: 'lines',
          tolerancePx: 3,
          threshold: 0.35,
          overlayUrl: '/api/files/fidelity.png',
          colours: [
            { requested: '#b03a2e', rendered: '#ad3b30', deltaE: 1.2, share: 0.2 },
            { requested: '#27ae60', rendered: '#6b7580', deltaE: 31.4, share: 0.1 },
          ],
        })}
      />,
    )
    expect(screen.getByTestId('fidelity-chip').textContent).toBe('Lines kept 94%')
    expect(screen.queryByTestId('fidelity-overlay')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Show line check' }))
    expect(screen.getByTestId('fidelity-overlay').getAttribute('src')).toBe('/api/files/fidelity.png')
    expect(screen.getByRole('button', { name: 'Hide line check' }).getAttribute('aria-pressed')).toBe('true')
    const colours = screen.getByTestId('fidelity-colours').textContent
    expect(colours).toContain('ΔE 1.2')
    expect(colours).toContain('hard to tell apart')
    expect(colours).toContain('ΔE 31.4')
    expect(colours).toContain('a different shade')
  })

  it('says a result under the threshold was refunded, and a structure score by its name', async () => {
    await renderWithApp(
      <FidelityReport
        generation={generation({ score: 0.62, method: 'structure', tolerancePx: 3, threshold: 0.7 })}
      />,
    )
    expect(screen.getByTestId('fidelity-chip').textContent).toBe('Structure kept 62%')
    expect(screen.getByText('Below the 70% expected: your credits were refunded.')).toBeTruthy()
  })

  it('shows nothing for a result that was not measured', async () => {
    await renderWithApp(<FidelityReport generation={generation(undefined)} />)
    expect(screen.queryByTestId('fidelity')).toBeNull()
  })
})
