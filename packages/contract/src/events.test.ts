import { describe, expect, it } from 'vitest'
import { EVENT_PAYLOADS, EVENT_TYPES, parseLiveEvent } from './events.ts'

describe('live events', () => {
  it('has a payload schema for every event type and no other', () => {
    expect(Object.keys(EVENT_PAYLOADS).sort()).toEqual([...EVENT_TYPES].sort())
  })

  it('parses a payload that matches its type', () => {
    expect(parseLiveEvent('balance.changed', { credits: 180, change: -20 })).toEqual({
      type: 'balance.changed',
      data: { credits: 180, change: -20 },
    })
    expect(parseLiveEvent('generation.progress', { id: 'g1', progress: 0.5 })?.data).toEqual({
      id: 'g1',
      progress: 0.5,
    })
  })

  it('drops a payload that does not', () => {
    expect(parseLiveEvent('balance.changed', { credits: '180' })).toBeNull()
    expect(parseLiveEvent('generation.deleted', null)).toBeNull()
    expect(parseLiveEvent('generation.completed', { id: 'g1' })).toBeNull()
  })
})
