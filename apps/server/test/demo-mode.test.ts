import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Api } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// docs/product.md#demo-mode: DEMO_MODE=true lets nobody in; ALLOW_SIGN_UP=false lets only existing accounts in.

describe('closed sign-up (ALLOW_SIGN_UP=false)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ env: { ALLOW_SIGN_UP: 'false' } })
  })
  afterAll(() => server.close())

  it('says so on /auth/providers and refuses a sign-up with sign_up_closed', async () => {
    const api = new Api(server.url)
    expect((await api.get('/api/auth/providers')).body).toEqual({
      password: true,
      google: false,
      apple: false,
      signUp: false,
      demo: false,
    })
    const r = await api.post('/api/auth/sign-up', { email: 'new@studio.test', password: 'drawing-board-9' })
    expect(r.status).toBe(403)
    expect(r.body.error.code).toBe('sign_up_closed')
    // no account was made: signing in with it fails as an unknown one
    const signIn = await api.post('/api/auth/sign-in', {
      email: 'new@studio.test',
      password: 'drawing-board-9',
    })
    expect(signIn.body.error.code).toBe('invalid_credentials')
  })
})

describe('the web’s session check (GET /auth/session)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it('answers 200 with null for a visitor and the profile when signed in; the profile call still says 401', async () => {
    const visitor = new Api(server.url)
    const anonymous = await visitor.get('/api/auth/session')
    expect([anonymous.status, anonymous.body]).toEqual([200, { user: null }])
    expect((await visitor.get('/api/user/profile')).status).toBe(401)
    const bad = await visitor.get('/api/auth/session', 'ps_not-a-real-token-at-all-0000000000')
    expect([bad.status, bad.body]).toEqual([200, { user: null }])
    const member = new Api(server.url)
    const { email } = await member.signUp()
    const signedIn = await member.get('/api/auth/session')
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.user.email).toBe(email)
  })
})

describe('demo mode (DEMO_MODE=true)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_MODE: 'true', GOOGLE_CLIENT_ID: '' } })
  })
  afterAll(() => server.close())

  it('offers no way in and refuses sign-in and sign-up with demo_mode', async () => {
    const api = new Api(server.url)
    expect((await api.get('/api/auth/providers')).body).toEqual({
      password: false,
      google: false,
      apple: false,
      signUp: false,
      demo: true,
    })
    const up = await api.post('/api/auth/sign-up', { email: 'demo@studio.test', password: 'drawing-board-9' })
    expect([up.status, up.body.error.code]).toEqual([403, 'demo_mode'])
    const inn = await api.post('/api/auth/sign-in', {
      email: 'demo@studio.test',
      password: 'drawing-board-9',
    })
    expect([inn.status, inn.body.error.code]).toEqual([403, 'demo_mode'])
    // nor is there an account to recover (docs/product.md#password-reset)
    const reset = await api.post('/api/auth/password-reset', { email: 'demo@studio.test' })
    expect([reset.status, reset.body.error.code]).toEqual([403, 'demo_mode'])
    // the public pages still answer
    expect((await api.get('/api/styles')).status).toBe(200)
  })
})
