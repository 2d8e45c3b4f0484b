import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './passwords.ts'

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const h = await hashPassword('correct horse battery')
    expect(h).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(await verifyPassword('correct horse battery', h)).toBe(true)
    expect(await verifyPassword('correct horse batterx', h)).toBe(false)
  })
  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'))
  })
  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false)
  })
})
