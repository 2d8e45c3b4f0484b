import { describe, expect, it } from 'vitest'
import { greetingKeyFor } from './AskPartiPage'

describe('Ask Parti greeting', () => {
  it.each([
    [6, 'askParti.greetingMorning'],
    [11, 'askParti.greetingMorning'],
    [12, 'askParti.greetingAfternoon'],
    [17, 'askParti.greetingAfternoon'],
    [18, 'askParti.greetingEvening'],
    [2, 'askParti.greetingEvening'],
  ])('at %i h says %s', (hour, key) => {
    expect(greetingKeyFor(hour)).toBe(key)
  })
})
