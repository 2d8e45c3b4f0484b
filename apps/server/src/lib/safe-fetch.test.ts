import { describe, expect, it } from 'vitest'
import { isForbiddenAddress, safeFetch } from './safe-fetch.ts'

describe('server-side image fetch guard', () => {
  it('classifies addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '0.0.0.0',
      '::ffff:127.0.0.1',
    ]) {
      expect(isForbiddenAddress(a), a).toBe(true)
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111'])
      expect(isForbiddenAddress(a), a).toBe(false)
  })

  it('refuses other schemes, loopback names and literal private addresses before connecting', async () => {
    const opts = { maxBytes: 1000, timeoutMs: 1000 }
    await expect(safeFetch('file:///etc/passwd', opts)).rejects.toMatchObject({ reason: 'invalid_url' })
    await expect(safeFetch('ftp://example.com/a.png', opts)).rejects.toMatchObject({ reason: 'invalid_url' })
    await expect(safeFetch('http://localhost:3000/x', opts)).rejects.toMatchObject({
      reason: 'forbidden_address',
    })
    await expect(safeFetch('http://127.0.0.1/x', opts)).rejects.toMatchObject({ reason: 'forbidden_address' })
    await expect(safeFetch('http://[::1]/x', opts)).rejects.toMatchObject({ reason: 'forbidden_address' })
    await expect(safeFetch('http://169.254.169.254/latest/meta-data', opts)).rejects.toMatchObject({
      reason: 'forbidden_address',
    })
    await expect(safeFetch('not a url', opts)).rejects.toMatchObject({ reason: 'invalid_url' })
  })
})
