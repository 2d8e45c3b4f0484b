import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { signInSettings } from './settings.ts'

const dir = () => mkdtempSync(join(tmpdir(), 'parti-sign-in-'))
const p256 = () =>
  generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString()
const apple = (key: string) => ({
  APPLE_CLIENT_ID: 'studio.parti.web',
  APPLE_TEAM_ID: 'TEAM123456',
  APPLE_KEY_ID: 'KEY1234567',
  APPLE_PRIVATE_KEY: key,
})

describe('sign-in settings (docs/sign-in.md)', () => {
  it('offers no provider by default: e-mail and password is the way in', () => {
    const c = loadConfig({ DATA_DIR: dir() })
    expect(signInSettings(c)).toEqual({ google: null, apple: null })
    expect(c.GOOGLE_ISSUER).toBe('https://accounts.google.com')
    expect(c.APPLE_ISSUER).toBe('https://appleid.apple.com')
  })

  it('stops start-up on a half-configured provider, naming the missing variable', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com' })).toThrow(
      /GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set/,
    )
    expect(() => loadConfig({ DATA_DIR: dir(), GOOGLE_CLIENT_SECRET: 'shh' })).toThrow(
      /GOOGLE_CLIENT_ID: required when GOOGLE_CLIENT_SECRET is set/,
    )
    const { APPLE_KEY_ID: _missing, ...withoutKeyId } = apple(p256())
    expect(() => loadConfig({ DATA_DIR: dir(), ...withoutKeyId })).toThrow(
      /APPLE_KEY_ID: required when APPLE_CLIENT_ID is set/,
    )
  })

  it('takes the Apple key as PEM (with \\n escapes too) or as the path of the .p8 file', () => {
    const pem = p256()
    expect(signInSettings(loadConfig({ DATA_DIR: dir(), ...apple(pem) })).apple?.keyId).toBe('KEY1234567')
    const escaped = pem.replace(/\n/g, '\\n')
    expect(signInSettings(loadConfig({ DATA_DIR: dir(), ...apple(escaped) })).apple).not.toBeNull()
    const file = join(dir(), 'AuthKey_KEY1234567.p8')
    writeFileSync(file, pem)
    expect(signInSettings(loadConfig({ DATA_DIR: dir(), ...apple(file) })).apple?.clientId).toBe(
      'studio.parti.web',
    )
  })

  it('refuses an Apple key that is not a P-256 private key', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString()
    expect(() => loadConfig({ DATA_DIR: dir(), ...apple(rsa) })).toThrow(
      /APPLE_PRIVATE_KEY: must be the ES256/,
    )
    expect(() => loadConfig({ DATA_DIR: dir(), ...apple('/no/such/AuthKey.p8') })).toThrow(
      /APPLE_PRIVATE_KEY: neither a PEM/,
    )
  })

  it('takes the issuers from the environment (the tests point them at a loopback provider)', () => {
    const c = loadConfig({
      DATA_DIR: dir(),
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:9999',
    })
    expect(signInSettings(c).google).toEqual({
      id: 'google',
      issuer: 'http://127.0.0.1:9999',
      clientId: 'id',
      clientSecret: 'secret',
    })
    expect(() => loadConfig({ DATA_DIR: dir(), GOOGLE_ISSUER: 'not a url' })).toThrow(/GOOGLE_ISSUER/)
  })
})
