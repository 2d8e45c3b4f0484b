import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../test/render'
import { CreditBalance } from './CreditBalance'

describe('CreditBalance', () => {
  it('shows the balance with thousands separators and a Buy link to pricing', async () => {
    await renderWithApp(<CreditBalance credits={12480} />)
    expect(screen.getByTestId('credit-balance').textContent).toContain('12,480')
    expect(screen.getByRole('link', { name: 'Buy' }).getAttribute('href')).toBe('/pricing')
  })

  it('turns red under 100 credits and says so to screen readers', async () => {
    await renderWithApp(<CreditBalance credits={99} />)
    const badge = screen.getByTestId('credit-balance')
    expect(badge.dataset.low).toBe('true')
    expect(badge.className).toContain('text-danger')
    expect(badge.textContent).toContain('Low balance')
  })

  it('is not red at exactly 100', async () => {
    await renderWithApp(<CreditBalance credits={100} />)
    expect(screen.getByTestId('credit-balance').dataset.low).toBeUndefined()
  })

  it('formats in the UI language', async () => {
    await renderWithApp(<CreditBalance credits={2400} />, { language: 'ar' })
    expect(screen.getByTestId('credit-balance').textContent).toContain(
      new Intl.NumberFormat('ar').format(2400),
    )
  })
})
