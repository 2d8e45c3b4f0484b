import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const dir = () => mkdtempSync(join(tmpdir(), 'parti-config-'))

describe('configuration', () => {
  it('starts on embedded defaults with nothing set', () => {
    const c = loadConfig({ DATA_DIR: dir() })
    expect(c.PORT).toBe(3000)
    expect(c.DATABASE_URL).toBeUndefined()
    expect(c.FREE_CREDITS).toBe(200)
    expect(c.publicUrl).toBe('http://localhost:3000')
  })

  it('names a malformed PORT', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT: /)
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: '70000' })).toThrow(ConfigError)
  })

  it('names a malformed DATABASE_URL', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_URL: 'mysql://x/y' })).toThrow(
      /DATABASE_URL: must be a postgres/,
    )
    expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/)
  })

  it('writes mail to DATA_DIR/outbox by default and checks the SMTP settings', () => {
    const d = dir()
    const plain = loadConfig({ DATA_DIR: d, PUBLIC_URL: 'https://parti.example.com' })
    expect(plain.mail).toMatchObject({
      transport: { kind: 'files', dir: join(d, 'outbox') },
      from: 'Parti <no-reply@parti.example.com>',
      maxAttempts: 8,
      retryBaseMs: 30_000,
      supportEmail: null,
    })
    const smtp = loadConfig({
      DATA_DIR: d,
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'a@b.co',
    })
    expect(smtp.mail.transport).toEqual({ kind: 'smtp', url: 'smtps://u:p@mail.example.com:465' })
    expect(() => loadConfig({ DATA_DIR: d, SMTP_URL: 'smtp://mail.example.com' })).toThrow(
      /MAIL_FROM: required when SMTP_URL is set/,
    )
    expect(() =>
      loadConfig({ DATA_DIR: d, SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'a@b.co' }),
    ).toThrow(/SMTP_URL: /)
    expect(() => loadConfig({ DATA_DIR: d, MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM: must be an address/)
    expect(() => loadConfig({ DATA_DIR: d, SUPPORT_EMAIL: 'nope' })).toThrow(/SUPPORT_EMAIL/)
    expect(() => loadConfig({ DATA_DIR: d, MAIL_MAX_ATTEMPTS: '0' })).toThrow(/MAIL_MAX_ATTEMPTS/)
  })

  it('keeps files in DATA_DIR/files unless BLOB_STORE=s3, and checks the S3 settings then', () => {
    expect(loadConfig({ DATA_DIR: dir() }).blobs).toEqual({ store: 'fs' })
    // S3 settings alone switch nothing (the blobs:move command reads them before the switch)
    expect(loadConfig({ DATA_DIR: dir(), S3_BUCKET: 'parti-files' }).blobs).toEqual({ store: 'fs' })
    const c = loadConfig({
      DATA_DIR: dir(),
      BLOB_STORE: 's3',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_BUCKET: 'parti-files',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    })
    expect(c.blobs).toEqual({
      store: 's3',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'parti-files',
      accessKeyId: 'AKIA',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    })
    expect(() => loadConfig({ DATA_DIR: dir(), BLOB_STORE: 'gcs' })).toThrow(
      /^Invalid configuration: BLOB_STORE: /,
    )
    expect(() => loadConfig({ DATA_DIR: dir(), BLOB_STORE: 's3' })).toThrow(
      /^Invalid configuration: S3_BUCKET: required/,
    )
    expect(() => loadConfig({ DATA_DIR: dir(), BLOB_STORE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(
      /S3_BUCKET: must be a bucket name/,
    )
    expect(() =>
      loadConfig({ DATA_DIR: dir(), BLOB_STORE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'AKIA' }),
    ).toThrow(/S3_SECRET_ACCESS_KEY: required because S3_ACCESS_KEY_ID is set/)
    expect(() =>
      loadConfig({ DATA_DIR: dir(), BLOB_STORE: 's3', S3_BUCKET: 'b-1', S3_ENDPOINT: 'ftp://x' }),
    ).toThrow(/S3_ENDPOINT/)
    expect(() =>
      loadConfig({ DATA_DIR: dir(), BLOB_STORE: 's3', S3_BUCKET: 'b-1', S3_FORCE_PATH_STYLE: 'yes' }),
    ).toThrow(/S3_FORCE_PATH_STYLE/)
  })

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const d = dir()
    const a = loadConfig({ DATA_DIR: d }).sessionSecret
    const b = loadConfig({ DATA_DIR: d }).sessionSecret
    expect(a).toBe(b)
    expect(readFileSync(join(d, 'session-secret'), 'utf8').trim()).toBe(a)
  })

  it('takes the C2PA signing certificate and key together or not at all', () => {
    expect(loadConfig({ DATA_DIR: dir() }).C2PA_CERT).toBeUndefined()
    expect(() => loadConfig({ DATA_DIR: dir(), C2PA_CERT: '/etc/parti/c2pa.pem' })).toThrow(
      /C2PA_KEY: required/,
    )
    expect(() => loadConfig({ DATA_DIR: dir(), C2PA_KEY: '/etc/parti/c2pa.key' })).toThrow(
      /C2PA_CERT: required/,
    )
    const both = loadConfig({ DATA_DIR: dir(), C2PA_CERT: '/a.pem', C2PA_KEY: '/a.key' })
    expect([both.C2PA_CERT, both.C2PA_KEY]).toEqual(['/a.pem', '/a.key'])
  })

  it('reads admin e-mails case-insensitively', () => {
    const c = loadConfig({ DATA_DIR: dir(), ADMIN_EMAILS: ' Boss@Studio.com, ops@studio.com ' })
    expect([...c.adminEmails]).toEqual(['boss@studio.com', 'ops@studio.com'])
  })
})

describe('boolean settings', () => {
  it('default to their documented value and parse true/false', () => {
    expect(loadConfig({ DATA_DIR: dir() }).TRUST_PROXY).toBe(false)
    expect(loadConfig({ DATA_DIR: dir() }).ALLOW_SIGN_UP).toBe(true)
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true)
    expect(() => loadConfig({ DATA_DIR: dir(), TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/)
  })
})
