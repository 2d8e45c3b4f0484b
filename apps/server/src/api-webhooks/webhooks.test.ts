import { createServer } from 'node:http'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { type SafeFetchError, safePost } from '../lib/safe-fetch.ts'
import { checkCallbackUrl } from './callback-url.ts'
import { nextAttempt } from './deliverer.ts'
import { newWebhookSecret, signatureHeaders } from './signing.ts'

// docs/decisions/0077-job-webhooks-standard-webhooks.md

describe('Standard Webhooks signing', () => {
  it('is verified by an independent implementation (the standardwebhooks package)', () => {
    const secret = newWebhookSecret()
    const body = JSON.stringify({ generations: [{ id: 'g1', status: 'completed' }] })
    const headers = signatureHeaders(secret, 'msg_1', body, new Date())
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body))
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow()
    // an attempt signed long ago is refused by the receiver's replay window
    const old = signatureHeaders(secret, 'msg_1', body, new Date(Date.now() - 3_600_000))
    expect(() => new Webhook(secret).verify(body, old)).toThrow()
  })
})

describe('retries', () => {
  it('double from the base, at most 4 h apart, and stop a day after the job ended', () => {
    const ready = new Date('2026-01-01T00:00:00Z')
    const at = (attempts: number, afterMs: number) =>
      nextAttempt(ready, attempts, 30_000, new Date(ready.getTime() + afterMs))?.getTime()
    expect(at(1, 0)).toBe(ready.getTime() + 30_000)
    expect(at(2, 0)).toBe(ready.getTime() + 60_000)
    expect(at(20, 0)).toBe(ready.getTime() + 4 * 3_600_000)
    expect(at(10, 23 * 3_600_000)).toBeUndefined()
  })
})

describe('callback addresses', () => {
  it('https to public hosts; loopback only with the test setting; other private addresses never', () => {
    expect(checkCallbackUrl('https://hooks.studio.test/x', false)).toBe('https://hooks.studio.test/x')
    expect(() => checkCallbackUrl('http://hooks.studio.test/x', false)).toThrow(/https_required/)
    expect(() => checkCallbackUrl('http://127.0.0.1:9/x', false)).toThrow(/private_address/)
    expect(() => checkCallbackUrl('https://localhost/x', false)).toThrow(/private_address/)
    expect(checkCallbackUrl('http://127.0.0.1:9/x', true)).toBe('http://127.0.0.1:9/x')
    expect(() => checkCallbackUrl('https://10.0.0.1/x', true)).toThrow(/private_address/)
    expect(() => checkCallbackUrl('https://user:pw@hooks.studio.test/x', false)).toThrow(/credentials/)
  })

  it('the delivery itself refuses private addresses when it connects, and keeps its time limit', async () => {
    const slow = createServer(() => {}) // never answers
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r))
    const { port } = slow.address() as { port: number }
    try {
      const post = (url: string, allowLoopback: boolean, timeoutMs = 2_000) =>
        safePost(url, { body: '{}', headers: {}, timeoutMs, allowLoopback })
      const reason = (p: Promise<unknown>) =>
        p.then(
          () => 'answered',
          (e: SafeFetchError) => e.reason,
        )
      expect(await reason(post(`http://127.0.0.1:${port}/`, false))).toBe('forbidden_address')
      expect(await reason(post('http://10.0.0.1/', true))).toBe('forbidden_address')
      expect(await reason(post('http://[::ffff:192.168.0.1]/', true))).toBe('forbidden_address')
      expect(await reason(post(`http://127.0.0.1:${port}/`, true, 300))).toBe('timeout')
    } finally {
      slow.closeAllConnections()
      await new Promise((r) => slow.close(r))
    }
  })
})
