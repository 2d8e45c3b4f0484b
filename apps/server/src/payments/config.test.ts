import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.ts'

const dir = () => mkdtempSync(join(tmpdir(), 'parti-pay-config-'))
const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  PUBLIC_URL: 'https://parti.example',
}

describe('payment settings (checked at start)', () => {
  it('nothing set: the built-in test checkout', () => {
    expect(loadConfig({ DATA_DIR: dir() }).payments).toEqual({ provider: 'local', testMode: true })
  })

  it('the Stripe keys: Stripe, test or live by the key, prices per plan and period', () => {
    const c = loadConfig({ DATA_DIR: dir(), ...stripe, STRIPE_PRICE_PRO_YEARLY: 'price_123' })
    expect(c.payments).toMatchObject({
      provider: 'stripe',
      testMode: true,
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      publishableKey: null,
      baseUrl: 'https://api.stripe.com',
      prices: { pro: { yearly: 'price_123', monthly: null }, lite: { monthly: null, yearly: null } },
    })
    expect(loadConfig({ DATA_DIR: dir(), ...stripe, STRIPE_SECRET_KEY: 'sk_live_x' }).payments.testMode).toBe(
      false,
    )
  })

  it('a missing companion stops start-up naming it', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dir(), ...env })
    expect(load({ STRIPE_SECRET_KEY: 'sk_test_abc', PUBLIC_URL: 'https://p.example' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/,
    )
    expect(load({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      /PUBLIC_URL: required with STRIPE_SECRET_KEY/,
    )
    expect(load({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      /STRIPE_SECRET_KEY: required because STRIPE_WEBHOOK_SECRET is set/,
    )
    expect(load({ STRIPE_PRICE_LITE_MONTHLY: 'price_1' })).toThrow(
      /STRIPE_SECRET_KEY: required because STRIPE_PRICE_LITE_MONTHLY/,
    )
    expect(load({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: required because PAYMENT_PROVIDER=stripe/,
    )
    expect(load({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(ConfigError)
  })

  it('names malformed keys and mixed test and live keys', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dir(), ...stripe, ...env })
    expect(load({ STRIPE_SECRET_KEY: 'pk_test_oops' })).toThrow(/STRIPE_SECRET_KEY: must look like sk_test_/)
    expect(load({ STRIPE_WEBHOOK_SECRET: 'abc' })).toThrow(/STRIPE_WEBHOOK_SECRET: must look like whsec_/)
    expect(load({ STRIPE_PRICE_LITE_YEARLY: 'lite' })).toThrow(
      /STRIPE_PRICE_LITE_YEARLY: must look like price_/,
    )
    expect(load({ STRIPE_PUBLISHABLE_KEY: 'pk_live_x' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: a live key with a test secret key/,
    )
    expect(load({ STRIPE_BASE_URL: 'ftp://x' })).toThrow(/STRIPE_BASE_URL/)
  })

  it('PAYMENT_PROVIDER=local keeps the test checkout even with Stripe keys set', () => {
    expect(loadConfig({ DATA_DIR: dir(), ...stripe, PAYMENT_PROVIDER: 'local' }).payments.provider).toBe(
      'local',
    )
  })
})
