import { describe, expect, it } from 'vitest'
import { greetingKeyFor } from './greeting'

describe('Ask Parti greeting', () => {
  it.each([
    [6, 'greeting.morning'],
    [11, 'greeting.morning'],
    [12, 'greeting.afternoon'],
    [17, 'greeting.afternoon'],
    [18, 'greeting.evening'],
    [2, 'greeting.evening'],
  ])('at %i h says %s', (hour, key) => {
    expect(greetingKeyFor(hour)).toBe(key)
  })
})
