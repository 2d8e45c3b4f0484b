import type { LiveEvent } from '@parti/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectLive } from './live'

/** Just enough of EventSource to hand the listeners an event by name. */
class FakeEventSource {
  static readonly CLOSED = 2
  static last: FakeEventSource | null = null
  readyState = 0
  onerror: (() => void) | null = null
  private listeners = new Map<string, (e: MessageEvent<string>) => void>()
  constructor(readonly url: string) {
    FakeEventSource.last = this
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, listener)
  }
  emit(type: string, data: string) {
    this.listeners.get(type)?.(new MessageEvent(type, { data }))
  }
  close() {}
}

describe('connectLive', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('passes on events whose payload matches their type and drops the others', () => {
    vi.stubGlobal('EventSource', FakeEventSource)
    const seen: LiveEvent[] = []
    const stop = connectLive((e) => seen.push(e))
    const source = FakeEventSource.last!
    expect(source.url).toBe('/api/events')

    source.emit('balance.changed', '{"credits":180,"change":-20}')
    source.emit('balance.changed', '{"credits":"lots"}')
    source.emit('generation.progress', 'not json')
    source.emit('generation.deleted', '{"id":"g1"}')
    source.emit('generation.completed', '{"id":"g2"}')
    stop()

    expect(seen).toEqual([
      { type: 'balance.changed', data: { credits: 180, change: -20 } },
      { type: 'generation.deleted', data: { id: 'g1' } },
    ])
  })
})
