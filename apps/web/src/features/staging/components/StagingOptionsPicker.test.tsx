import type { StagingOption } from '@parti/contract'
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../test/render'
import type { AskSupport } from '../../create/capabilities'
import { StagingOptionsPicker } from './StagingOptionsPicker'

const local =
  (hasLasso: boolean) =>
  (o: StagingOption): AskSupport => {
    if (o === 'removeClutter' || o === 'removeFurniture')
      return hasLasso
        ? { level: 'approximates', reason: 'needs_lasso', liftedByLasso: false }
        : { level: 'cannot', reason: 'needs_lasso', liftedByLasso: true }
    if (o === 'addFurniture' || o === 'addDecor')
      return { level: 'cannot', reason: 'no_new_objects', liftedByLasso: false }
    return { level: 'does', liftedByLasso: false }
  }

describe('StagingOptionsPicker', () => {
  it('marks each option the engine cannot do, with the reason in words', async () => {
    await renderWithApp(
      <StagingOptionsPicker
        value={['removeClutter']}
        onChange={vi.fn()}
        labelledBy="x"
        support={local(false)}
      />,
    )
    expect(screen.getByTestId('option-card-removeClutter').dataset.level).toBe('cannot')
    expect(screen.getByTestId('support-removeClutter').textContent).toBe(
      'Not on this engine: it removes only what you select with the lasso. Draw around it on the photo.',
    )
    expect(screen.getByTestId('support-addDecor').textContent).toContain('does not draw new objects')
    // what the engine does carries no mark
    expect(screen.getByTestId('option-card-repaint').dataset.level).toBe('does')
    expect(screen.queryByTestId('support-repaint')).toBeNull()
  })

  it('with a lasso drawn, removing clutter becomes doable', async () => {
    await renderWithApp(
      <StagingOptionsPicker
        value={['removeClutter']}
        onChange={vi.fn()}
        labelledBy="x"
        support={local(true)}
      />,
    )
    expect(screen.getByTestId('option-card-removeClutter').dataset.level).toBe('approximates')
    expect(screen.getByTestId('support-removeClutter').textContent).toMatch(/^Approximated:/)
  })
})
