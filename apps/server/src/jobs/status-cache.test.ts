import { describe, expect, it } from 'vitest'
import { StatusCache } from './status-cache.ts'

describe('StatusCache', () => {
  it('answers a stored list until one of the user’s jobs changes', () => {
    const cache = new StatusCache()
    cache.set('u1', 'a,b', '{"generations":[1]}', cache.stamp('u1'))
    expect(cache.get('u1', 'a,b')).toBe('{"generations":[1]}')
    expect(cache.get('u1', 'b,a')).toBeUndefined()
    expect(cache.get('u2', 'a,b')).toBeUndefined()
    cache.invalidateUser('u2')
    expect(cache.get('u1', 'a,b')).toBe('{"generations":[1]}')
    cache.invalidateUser('u1')
    expect(cache.get('u1', 'a,b')).toBeUndefined()
  })

  it('does not keep an answer read before an event that landed while the query ran', () => {
    const cache = new StatusCache()
    const stamp = cache.stamp('u1')
    cache.invalidateUser('u1') // the job finished between the read and the store
    cache.set('u1', 'a', '{"generations":["pending"]}', stamp)
    expect(cache.get('u1', 'a')).toBeUndefined()
  })

  it('never makes an old answer reachable again when it forgets users', () => {
    const cache = new StatusCache(2)
    cache.set('u1', 'a', 'old', cache.stamp('u1'))
    cache.invalidateUser('u1')
    cache.invalidateUser('u2')
    cache.invalidateUser('u3') // the map is full: emptied, u1 forgotten
    expect(cache.get('u1', 'a')).toBeUndefined()
    cache.set('u1', 'a', 'new', cache.stamp('u1'))
    expect(cache.get('u1', 'a')).toBe('new')
  })
})
