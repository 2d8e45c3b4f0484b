import { describe, expect, it } from 'vitest'
import { arrayOf, boolean, INVALID, nonNegativeInt, object, oneOf, optional, string } from './shape'

describe('shapes for stored JSON', () => {
  const Item = object({ id: string(1), size: nonNegativeInt, note: optional(string()), ok: boolean })

  it('keeps declared keys only, and leaves an absent optional key absent', () => {
    expect(Item({ id: 'a', size: 3, ok: true, extra: 'dropped' })).toEqual({ id: 'a', size: 3, ok: true })
    expect(Item({ id: 'a', size: 3, ok: false, note: 'n' })).toEqual({
      id: 'a',
      size: 3,
      ok: false,
      note: 'n',
    })
  })

  it.each([
    ['an empty required string', { id: '', size: 1, ok: true }],
    ['a negative number', { id: 'a', size: -1, ok: true }],
    ['a fractional number', { id: 'a', size: 1.5, ok: true }],
    ['a wrong optional type', { id: 'a', size: 1, ok: true, note: 4 }],
    ['a missing boolean', { id: 'a', size: 1 }],
    ['an array', [{ id: 'a', size: 1, ok: true }]],
    ['null', null],
  ])('refuses %s', (_case, value) => {
    expect(Item(value)).toBe(INVALID)
  })

  it('checks every element and the length of a list', () => {
    const List = arrayOf(oneOf(['x', 'y']), 2)
    expect(List(['x', 'y'])).toEqual(['x', 'y'])
    expect(List(['x', 'z'])).toBe(INVALID)
    expect(List(['x', 'y', 'x'])).toBe(INVALID)
    expect(List('x')).toBe(INVALID)
  })
})
