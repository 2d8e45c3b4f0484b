import { describe, expect, it } from 'vitest'
import { TtlLru } from './lru.ts'

describe('TtlLru', () => {
  it('forgets the least recently used beyond its size', () => {
    const c = new TtlLru<string, number>(2, 1000)
    c.set('a', 1, 0)
    c.set('b', 2, 0)
    c.get('a', 0)
    c.set('c', 3, 0)
    expect(c.get('b', 0)).toBeUndefined()
    expect(c.get('a', 0)).toBe(1)
    expect(c.get('c', 0)).toBe(3)
  })
  it('expires entries', () => {
    const c = new TtlLru<string, number>(10, 100)
    c.set('a', 1, 0)
    expect(c.get('a', 99)).toBe(1)
    expect(c.get('a', 100)).toBeUndefined()
  })
})
