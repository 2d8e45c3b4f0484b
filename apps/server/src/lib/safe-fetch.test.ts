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
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      // IPv4-compatible (deprecated): never a public destination
      '::127.0.0.1',
      '::7f00:1',
      '::8.8.8.8',
      '::169.254.169.254',
      // NAT64 (well-known prefix) carrying a private or loopback IPv4 address, written either way
      '64:ff9b::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      // local-use NAT64
      '64:ff9b:1::808:808',
      '::',
    ]) {
      expect(isForbiddenAddress(a), a).toBe(true)
    }
    // NAT64 of a public IPv4 address is how an IPv6-only server reaches an IPv4-only site: allowed
    for (const a of [
      '93.184.216.34',
      '8.8.8.8',
      '2606:4700::1111',
      '64:ff9b::8.8.8.8',
      '64:ff9b::808:808',
      '::ffff:8.8.8.8',
    ])
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
    // the URL parser writes these in hex ([::7f00:1], [64:ff9b::7f00:1]): still refused before connecting
    for (const host of [
      '[::127.0.0.1]',
      '[64:ff9b::127.0.0.1]',
      '[::ffff:127.0.0.1]',
      '[64:ff9b::169.254.169.254]',
    ])
      await expect(safeFetch(`http://${host}/x`, opts), host).rejects.toMatchObject({
        reason: 'forbidden_address',
      })
    await expect(safeFetch('not a url', opts)).rejects.toMatchObject({ reason: 'invalid_url' })
  })
})
