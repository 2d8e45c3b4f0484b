import { fireEvent, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../test/render'
import { GenerateBar } from './GenerateBar'

const props = {
  label: 'Render sketch',
  cost: 20,
  credits: 10,
  pending: false,
  fieldIds: { sketch: 'sketch-field' },
}

beforeAll(() => {
  // jsdom lays nothing out
  Element.prototype.scrollIntoView = vi.fn()
})

describe('GenerateBar', () => {
  it('lists why Generate cannot run, in the catalogue’s words, and keeps the button reachable', async () => {
    const onGenerate = vi.fn()
    const onShowErrors = vi.fn()
    await renderWithApp(
      <>
        <input id="sketch-field" aria-label="Sketch" />
        <GenerateBar
          {...props}
          reasons={[
            { code: 'sketch_required', field: 'sketch' },
            { code: 'insufficient_credits', required: 20, available: 10 },
          ]}
          onGenerate={onGenerate}
          onShowErrors={onShowErrors}
          onInsufficient={vi.fn()}
        />
      </>,
    )
    expect(screen.getByText('Please upload a sketch file')).toBeTruthy()
    expect(screen.getByText('You need 20 credits. Please purchase more credits.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/pricing')
    const button = screen.getByTestId('generate')
    expect(button.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(button)
    expect(onGenerate).not.toHaveBeenCalled()
    expect(onShowErrors).toHaveBeenCalled()
    expect(document.activeElement?.id).toBe('sketch-field')
  })

  it('opens the insufficient-credits dialog when only credits are short', async () => {
    const onInsufficient = vi.fn()
    await renderWithApp(
      <GenerateBar
        {...props}
        reasons={[{ code: 'insufficient_credits', required: 20, available: 10 }]}
        onGenerate={vi.fn()}
        onShowErrors={vi.fn()}
        onInsufficient={onInsufficient}
      />,
    )
    fireEvent.click(screen.getByTestId('generate'))
    expect(onInsufficient).toHaveBeenCalledWith(20, 10)
  })

  it('runs when nothing is missing, showing the cost and the balance', async () => {
    const onGenerate = vi.fn()
    await renderWithApp(
      <GenerateBar
        {...props}
        credits={1200}
        reasons={[]}
        onGenerate={onGenerate}
        onShowErrors={vi.fn()}
        onInsufficient={vi.fn()}
      />,
      { language: 'ar' },
    )
    expect(screen.getByTestId('cost').textContent).toBe('20 نقطة')
    expect(screen.queryByTestId('disabled-reasons')).toBeNull()
    fireEvent.click(screen.getByTestId('generate'))
    expect(onGenerate).toHaveBeenCalled()
  })
})

describe('GenerateBar cost line', () => {
  it('shows the cost of the steps that run and refuses with the engine’s reason when nothing can be done', async () => {
    const { rerender } = await renderWithApp(
      <GenerateBar
        {...props}
        cost={20}
        costDetail="20 cleaning only, nothing to stage"
        credits={100}
        reasons={[]}
        onGenerate={vi.fn()}
        onShowErrors={vi.fn()}
        onInsufficient={vi.fn()}
      />,
    )
    expect(screen.getByTestId('cost').textContent).toBe('20 credits')
    expect(screen.getByTestId('cost-detail').textContent).toBe('· 20 cleaning only, nothing to stage')
    rerender(
      <GenerateBar
        {...props}
        cost={0}
        credits={100}
        reasons={[{ code: 'not_offered', field: 'options' }]}
        onGenerate={vi.fn()}
        onShowErrors={vi.fn()}
        onInsufficient={vi.fn()}
      />,
    )
    expect(screen.getByTestId('generate').getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByText('What you asked for is not available on the engine serving it.')).toBeTruthy()
  })
})
