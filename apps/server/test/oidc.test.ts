import { generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppleClientCheck, type LoopbackIssuer, startLoopbackIssuer } from './fakes/oidc-issuer.ts'
import { Browser, freePort, type ProviderAnswer, throughProvider } from './helpers/browser.ts'
import { Api } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Sign in with Google and Apple against real OpenID Connect providers (oidc-provider) on loopback: the whole
// redirect round trip, as a browser makes it, to a session that works on the API.
const GOOGLE_CLIENT = 'parti-web.apps.googleusercontent.test'
const APPLE_CLIENT = 'studio.parti.web'

let origin: string
let parti: TestServer
let google: LoopbackIssuer
let apple: LoopbackIssuer
const appleKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
const appleCheck: AppleClientCheck = {
  teamId: 'TEAM123456',
  keyId: 'KEY1234567',
  publicKey: appleKey.publicKey,
}

beforeAll(async () => {
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  ;[google, apple] = await Promise.all([
    startLoopbackIssuer({
      clientId: GOOGLE_CLIENT,
      clientSecret: 'google-client-secret',
      redirectUris: [`${origin}/api/auth/google/callback`],
    }),
    startLoopbackIssuer({
      clientId: APPLE_CLIENT,
      redirectUris: [`${origin}/api/auth/apple/callback`],
      apple: appleCheck,
    }),
  ])
  parti = await startTestServer({
    env: {
      PORT: String(port),
      PUBLIC_URL: origin,
      ADMIN_EMAILS: 'principal@atelier.test',
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
      GOOGLE_CLIENT_SECRET: 'google-client-secret',
      GOOGLE_ISSUER: google.issuer,
      APPLE_CLIENT_ID: APPLE_CLIENT,
      APPLE_TEAM_ID: appleCheck.teamId,
      APPLE_KEY_ID: appleCheck.keyId,
      APPLE_PRIVATE_KEY: appleKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      APPLE_ISSUER: apple.issuer,
    },
  })
})
afterAll(async () => {
  await parti?.close()
  await Promise.all([google?.close(), apple?.close()])
})

let serial = 0
function googleAccount(
  claims: { email?: string; email_verified?: boolean; name?: string; picture?: string } = {},
) {
  const sub = `10${Date.now()}${serial++}`
  google.accounts.set(sub, {
    sub,
    email: `architect-${sub}@atelier.test`,
    email_verified: true,
    name: 'Ada Architect',
    picture: 'https://lh3.googleusercontent.test/a/photo.jpg',
    ...claims,
  })
  google.choose({ signInAs: sub })
  return google.accounts.get(sub)!
}

function appleAccount(email = `${Date.now()}${serial++}@privaterelay.appleid.com`) {
  const sub = `000${serial++}.${Date.now()}`
  apple.accounts.set(sub, { sub, email, email_verified: 'true', is_private_email: 'true' })
  apple.choose({ signInAs: sub })
  return apple.accounts.get(sub)!
}

async function start(browser: Browser, provider: 'google' | 'apple', returnTo?: string): Promise<string> {
  const query = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`
  const r = await browser.get(`${origin}/api/auth/${provider}${query}`)
  expect(r.status, r.text).toBe(302)
  return r.location!
}

function deliver(browser: Browser, answer: ProviderAnswer) {
  return answer.method === 'GET' ? browser.get(answer.url) : browser.request('POST', answer.url, answer.form)
}

/** Start, pass the provider's pages, come back: where the browser lands. */
async function signIn(
  browser: Browser,
  provider: 'google' | 'apple',
  options: { returnTo?: string; tamper?: (url: URL) => void; appleUser?: object } = {},
): Promise<URL> {
  const authorization = new URL(await start(browser, provider, options.returnTo))
  options.tamper?.(authorization)
  const answer = await throughProvider(browser, authorization.href, origin)
  if (answer.method === 'POST' && options.appleUser)
    answer.form.set('user', JSON.stringify(options.appleUser))
  const landed = await deliver(browser, answer)
  expect(landed.status).toBe(303)
  return new URL(landed.location!)
}

async function profile(browser: Browser) {
  const r = await browser.get(`${origin}/api/user/profile`)
  return { status: r.status, user: r.status === 200 ? JSON.parse(r.text).user : null }
}

const failedWith = (landing: URL, code: string, provider: string) => {
  expect(landing.pathname).toBe('/')
  expect(Object.fromEntries(landing.searchParams)).toMatchObject({ authError: code, provider })
}

describe('sign in with Google', () => {
  it('a first sign-in creates the account with the welcome credits, name and photo, and lands on returnTo', async () => {
    const browser = new Browser()
    const person = googleAccount()
    const authorization = new URL(await start(browser, 'google', '/gallery?tab=images'))
    // authorization code + PKCE (S256) + state + nonce, the scopes of docs/product.md#api-auth
    expect(authorization.origin).toBe(google.issuer)
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: GOOGLE_CLIENT,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      redirect_uri: `${origin}/api/auth/google/callback`,
    })
    expect(authorization.searchParams.get('nonce')).toMatch(/^[\w-]{32,}$/)
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)

    const answer = await throughProvider(browser, authorization.href, origin)
    const landed = await deliver(browser, answer)
    expect(landed.status).toBe(303)
    expect(landed.location).toBe(`${origin}/gallery?tab=images&signedIn=google`)
    expect(browser.cookie(origin, 'parti_oidc_google')).toBeUndefined()

    const { user } = await profile(browser)
    expect(user).toMatchObject({
      email: person.email,
      name: 'Ada Architect',
      photoURL: 'https://lh3.googleusercontent.test/a/photo.jpg',
      credits: 200,
      role: 'user',
    })
    const states = await parti.ctx.database.query('select count(*)::int as n from oauth_states')
    expect(states[0]!.n).toBe(0)
    // Google verified the address; the account has no password (docs/product.md#account)
    const account = JSON.parse((await browser.get(`${origin}/api/account`)).text).account
    expect(account).toMatchObject({ emailVerified: true, hasPassword: false, providers: ['google'] })
  })

  it('a second sign-in reuses the account, with the name the provider has now, and no second welcome', async () => {
    const person = googleAccount()
    const first = new Browser()
    await signIn(first, 'google')
    const before = (await profile(first)).user

    person.name = 'Ada K. Architect'
    google.choose({ signInAs: person.sub })
    const second = new Browser()
    await signIn(second, 'google')
    const after = (await profile(second)).user
    expect(after.uid).toBe(before.uid)
    expect(after.name).toBe('Ada K. Architect')
    expect(after.credits).toBe(200)
    const ledger = await second.get(`${origin}/api/user/credits/transactions?limit=50`)
    expect(JSON.parse(ledger.text).transactions).toHaveLength(1)
  })

  it('links to an existing password account by its verified e-mail, and retires the unverified password', async () => {
    const api = new Api(origin)
    const email = `linked-${Date.now()}@atelier.test`
    const account = await api.signUp(email)
    googleAccount({ email })

    const browser = new Browser()
    const landing = await signIn(browser, 'google')
    expect(landing.pathname).toBe('/')
    const { user } = await profile(browser)
    expect(user.uid).toBe(account.user.uid)
    expect(user.credits).toBe(200)

    // whoever set that password never proved the address: the password and its sessions end
    expect((await api.get('/api/user/profile')).status).toBe(401)
    // …and a password sign-in is told to use Google (docs/decisions/0071-provider-named-at-password-sign-in.md)
    const refused = await api.post('/api/auth/sign-in', { email, password: account.password })
    expect(refused.status).toBe(401)
    expect(refused.body.error).toMatchObject({ code: 'provider_sign_in', details: { provider: 'google' } })
    expect(JSON.parse((await browser.get(`${origin}/api/account`)).text).account.emailVerified).toBe(true)
  })

  it('gives the admin role to an e-mail in ADMIN_EMAILS', async () => {
    googleAccount({ email: 'principal@atelier.test' })
    const browser = new Browser()
    await signIn(browser, 'google')
    expect((await profile(browser)).user.role).toBe('admin')
    expect((await browser.get(`${origin}/api/admin/styles`)).status).toBe(200)
  })

  it('refuses an e-mail Google has not verified, and creates no account', async () => {
    const person = googleAccount({ email_verified: false })
    const browser = new Browser()
    failedWith(await signIn(browser, 'google'), 'failed', 'google')
    expect((await profile(browser)).status).toBe(401)
    const rows = await parti.ctx.database.query('select id from users where email = $1', [person.email])
    expect(rows).toHaveLength(0)
  })

  it('refuses an id token whose nonce is not the one this sign-in sent', async () => {
    googleAccount()
    const browser = new Browser()
    const landing = await signIn(browser, 'google', {
      tamper: (url) => url.searchParams.set('nonce', 'a-nonce-someone-else-chose-0123456789abcdef'),
    })
    failedWith(landing, 'failed', 'google')
    expect((await profile(browser)).status).toBe(401)
  })

  it('refuses an id token issued for another audience', async () => {
    googleAccount()
    google.tamperIdToken((claims) => ({ ...claims, aud: 'another-app.apps.googleusercontent.test' }))
    try {
      const browser = new Browser()
      failedWith(await signIn(browser, 'google'), 'failed', 'google')
      expect((await profile(browser)).status).toBe(401)
    } finally {
      google.tamperIdToken(null)
    }
  })

  it('refuses an id token not signed with a key of the issuer', async () => {
    googleAccount()
    google.tamperIdToken((claims) => claims, { foreignKey: true })
    try {
      const browser = new Browser()
      failedWith(await signIn(browser, 'google'), 'failed', 'google')
    } finally {
      google.tamperIdToken(null)
    }
  })

  it('refuses a state older than ten minutes', async () => {
    googleAccount()
    const browser = new Browser()
    const authorization = await start(browser, 'google')
    const answer = await throughProvider(browser, authorization, origin)
    await parti.ctx.database.query(
      `update oauth_states set created_at = now() - interval '11 minutes' where state = $1`,
      [new URL(authorization).searchParams.get('state')],
    )
    const landed = await deliver(browser, answer)
    failedWith(new URL(landed.location!), 'failed', 'google')
    expect((await profile(browser)).status).toBe(401)
  })

  it('refuses a replayed callback, and a callback in a browser that did not start the sign-in', async () => {
    googleAccount()
    const browser = new Browser()
    const authorization = await start(browser, 'google')
    const state = new URL(authorization).searchParams.get('state')!
    const answer = await throughProvider(browser, authorization, origin)

    // another browser (no binding cookie) gets the callback address: refused, and the state is spent
    const stranger = new Browser()
    failedWith(new URL((await deliver(stranger, answer)).location!), 'failed', 'google')
    expect((await profile(stranger)).status).toBe(401)

    // the right browser, replaying the same answer: the state is gone
    browser.setCookie(origin, 'parti_oidc_google', state)
    failedWith(new URL((await deliver(browser, answer)).location!), 'failed', 'google')
    expect((await profile(browser)).status).toBe(401)
  })

  it('says cancelled when the person cancels at Google', async () => {
    googleAccount()
    google.choose({ cancel: true })
    const landing = await signIn(new Browser(), 'google')
    failedWith(landing, 'cancelled', 'google')
    expect(landing.searchParams.get('reason')).toBe('access_denied')
  })

  it('returns only to a path of this site', async () => {
    for (const returnTo of [
      'https://evil.test/phish',
      '//evil.test/x',
      '/\\evil.test',
      '/api/user/profile',
    ]) {
      googleAccount()
      const landing = await signIn(new Browser(), 'google', { returnTo })
      expect(`${landing.origin}${landing.pathname}${landing.search}`, returnTo).toBe(
        `${origin}/?signedIn=google`,
      )
    }
  })
})

describe('sign in with Apple', () => {
  it('round trip through form_post: the ES256 client secret is accepted, the name comes from the first answer only', async () => {
    const person = appleAccount()
    const browser = new Browser()
    const authorization = new URL(await start(browser, 'apple', '/sketch'))
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      response_mode: 'form_post',
      scope: 'openid name email',
      code_challenge_method: 'S256',
    })
    const answer = await throughProvider(browser, authorization.href, origin)
    expect(answer.method).toBe('POST')
    if (answer.method !== 'POST') return
    // Apple adds the name, once, next to the code
    answer.form.set(
      'user',
      JSON.stringify({ name: { firstName: 'Grace', lastName: 'Hopper' }, email: person.email }),
    )
    // the cross-site form POST carries no SameSite=Lax cookie: the state in the database is what counts
    const crossSite = new Browser()
    const landed = await crossSite.request('POST', answer.url, answer.form)
    expect(landed.location).toBe(`${origin}/sketch?signedIn=apple`)
    expect(apple.refusedClientSecrets).toBe(0)
    const first = (await profile(crossSite)).user
    expect(first).toMatchObject({ email: person.email, name: 'Grace Hopper', credits: 200, photoURL: null })

    // the same answer again is refused
    failedWith(
      new URL((await crossSite.request('POST', answer.url, answer.form)).location!),
      'failed',
      'apple',
    )

    // sign in again (no `user` field this time): same account, the name stays
    apple.choose({ signInAs: person.sub })
    const later = new Browser()
    await signIn(later, 'apple')
    const { user } = await profile(later)
    expect(user).toMatchObject({ uid: first.uid, name: 'Grace Hopper', credits: 200 })
  })

  it('says cancelled with Apple’s own reason when the person cancels', async () => {
    const browser = new Browser()
    const authorization = new URL(await start(browser, 'apple'))
    const form = new URLSearchParams({
      state: authorization.searchParams.get('state')!,
      error: 'user_cancelled_authorize',
    })
    const landed = await browser.request('POST', `${origin}/api/auth/apple/callback`, form)
    const landing = new URL(landed.location!)
    failedWith(landing, 'cancelled', 'apple')
    expect(landing.searchParams.get('reason')).toBe('user_cancelled_authorize')
  })

  it('says not configured when Apple refuses our client secret', async () => {
    appleAccount()
    const keyId = appleCheck.keyId
    appleCheck.keyId = 'REVOKED000'
    try {
      const landing = await signIn(new Browser(), 'apple')
      failedWith(landing, 'not_configured', 'apple')
      expect(landing.searchParams.get('reason')).toBe('invalid_client')
      expect(apple.refusedClientSecrets).toBe(1)
    } finally {
      appleCheck.keyId = keyId
    }
  })

  it("does not let a Google state finish at Apple's callback", async () => {
    googleAccount()
    const browser = new Browser()
    const authorization = new URL(await start(browser, 'google'))
    const answer = await throughProvider(browser, authorization.href, origin)
    if (answer.method !== 'GET') throw new Error('Google answers with a redirect')
    const form = new URLSearchParams(new URL(answer.url).search)
    const landed = await browser.request('POST', `${origin}/api/auth/apple/callback`, form)
    failedWith(new URL(landed.location!), 'failed', 'apple')
  })
})

describe('providers that are off or out of reach', () => {
  let other: TestServer
  beforeAll(async () => {
    other = await startTestServer({
      env: {
        GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
        GOOGLE_CLIENT_SECRET: 'google-client-secret',
        GOOGLE_ISSUER: `http://127.0.0.1:${await freePort()}`,
      },
    })
  })
  afterAll(() => other?.close())

  it('GET /api/auth/providers reports what is configured', async () => {
    expect((await new Api(origin).get('/api/auth/providers')).body).toEqual({
      password: true,
      google: true,
      apple: true,
      signUp: true,
      demo: false,
    })
    expect((await new Api(other.url).get('/api/auth/providers')).body).toEqual({
      password: true,
      google: true,
      apple: false,
      signUp: true,
      demo: false,
    })
  })

  it('says not enabled for a provider without settings, and network when the issuer cannot be reached', async () => {
    const browser = new Browser()
    const apple = await browser.get(`${other.url}/api/auth/apple`)
    failedWith(new URL(apple.location!), 'not_enabled', 'apple')
    const googleDown = await browser.get(`${other.url}/api/auth/google`)
    failedWith(new URL(googleDown.location!), 'network', 'google')
  })
})
