import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CompareSlider } from './CompareSlider'
import '../../test/render'

const slider = (props: Partial<Parameters<typeof CompareSlider>[0]> = {}) => (
  <CompareSlider
    before={<img alt="before" src="data:," />}
    after={<img alt="after" src="data:," />}
    beforeLabel="Before"
    afterLabel="After"
    sliderLabel="Compare before and after"
    {...props}
  />
)

afterEach(() => document.documentElement.removeAttribute('dir'))

describe('CompareSlider', () => {
  it('is a slider named for what it compares, at 50 % by default, with both layers', () => {
    render(slider())
    const handle = screen.getByRole('slider', { name: 'Compare before and after' })
    expect(handle.getAttribute('aria-valuenow')).toBe('50')
    expect(screen.getByAltText('before')).toBeTruthy()
    expect(screen.getByAltText('after')).toBeTruthy()
    expect(screen.getByTestId('compare-before').style.clipPath).toBe('inset(0 50% 0 0)')
  })

  it('moves with the keyboard: arrows by 2, Page Up/Down by 10, Home and End to the edges', () => {
    render(slider())
    const handle = screen.getByRole('slider')
    fireEvent.keyDown(handle, { key: 'ArrowRight' })
    expect(handle.getAttribute('aria-valuenow')).toBe('52')
    fireEvent.keyDown(handle, { key: 'PageDown' })
    expect(handle.getAttribute('aria-valuenow')).toBe('42')
    fireEvent.keyDown(handle, { key: 'Home' })
    expect(handle.getAttribute('aria-valuenow')).toBe('0')
    fireEvent.keyDown(handle, { key: 'ArrowLeft' })
    expect(handle.getAttribute('aria-valuenow')).toBe('0')
    fireEvent.keyDown(handle, { key: 'End' })
    expect(handle.getAttribute('aria-valuenow')).toBe('100')
  })

  it('follows right-to-left: the before layer is on the right and ArrowRight moves towards it', () => {
    document.documentElement.setAttribute('dir', 'rtl')
    render(
      <div dir="rtl" style={{ direction: 'rtl' }}>
        {slider({ defaultPosition: 30 })}
      </div>,
    )
    const handle = screen.getByRole('slider')
    expect(screen.getByTestId('compare-before').style.clipPath).toBe('inset(0 0 0 70%)')
    fireEvent.keyDown(handle, { key: 'ArrowRight' })
    expect(handle.getAttribute('aria-valuenow')).toBe('28')
    fireEvent.keyDown(handle, { key: 'ArrowLeft' })
    fireEvent.keyDown(handle, { key: 'ArrowLeft' })
    expect(handle.getAttribute('aria-valuenow')).toBe('32')
  })

  it('reports changes when controlled', () => {
    const seen: number[] = []
    render(slider({ position: 40, onPositionChange: (v) => seen.push(v) }))
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'ArrowUp' })
    expect(seen).toEqual([42])
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('40')
  })
})
