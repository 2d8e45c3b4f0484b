import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeJwt, exportJWK, generateKeyPair, type JWK, jwtVerify, type KeyObject, SignJWT } from 'jose'
import Provider, { type ClientMetadata } from 'oidc-provider'

/** A person who can sign in at the loopback issuer: the claims its id tokens carry. */
export interface IssuerAccount {
  sub: string
  email?: string
  email_verified?: boolean | string
  name?: string
  picture?: string
  is_private_email?: string
}

/** What the scripted person does on the provider's sign-in page. */
export type ProviderChoice = { signInAs: string } | { cancel: true }

export interface LoopbackIssuer {
  issuer: string
  accounts: Map<string, IssuerAccount>
  /** the next interaction's outcome; the default signs in as the only account */
  choose(choice: ProviderChoice): void
  /** rewrite the id token the token endpoint returns, re-signed with the issuer's own key (or a stranger's) */
  tamperIdToken(
    rewrite: ((claims: Record<string, unknown>) => Record<string, unknown>) | null,
    options?: { foreignKey?: boolean },
  ): void
  /** token requests whose client authentication the Apple check refused */
  refusedClientSecrets: number
  close(): Promise<void>
}

export interface AppleClientCheck {
  teamId: string
  keyId: string
  /** the public half of the team's .p8 key */
  publicKey: KeyObject
}

const INTERNAL_SECRET = 'loopback-issuer-internal-client-secret'

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, playing Google or Apple for the sign-in tests.
 * The provider's sign-in page is scripted: the test says whom to sign in as (or to cancel), and the
 * interaction finishes with login and consent at once. Playing Apple, it answers with response_mode=form_post
 * and checks the client secret the way Apple does: an ES256 JWT from the team (iss), about the Services ID
 * (sub), for Apple (aud), signed with the team's key, refused with Apple's `{"error":"invalid_client"}`.
 */
export async function startLoopbackIssuer(options: {
  clientId: string
  /** Google's shared secret; for Apple the secret is checked as a JWT instead */
  clientSecret?: string
  redirectUris: string[]
  apple?: AppleClientCheck
  accounts?: IssuerAccount[]
}): Promise<LoopbackIssuer> {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'loopback-1', alg: 'RS256', use: 'sig' }
  const foreign = (await generateKeyPair('RS256')).privateKey

  const accounts = new Map((options.accounts ?? []).map((a) => [a.sub, a]))
  let next: ProviderChoice | null = null
  let rewrite: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null
  let useForeignKey = false

  const client: ClientMetadata = {
    client_id: options.clientId,
    client_secret: options.apple ? INTERNAL_SECRET : (options.clientSecret ?? 'secret'),
    redirect_uris: options.redirectUris,
    response_types: ['code'],
    grant_types: ['authorization_code'],
    token_endpoint_auth_method: 'client_secret_post',
  }
  const provider = new Provider(issuer, {
    clients: [client],
    jwks: { keys: [signingJwk] },
    cookies: { keys: ['loopback-issuer-cookie-key'] },
    scopes: options.apple ? ['openid', 'email', 'name'] : ['openid', 'email', 'profile'],
    claims: options.apple
      ? { openid: ['sub'], email: ['email', 'email_verified', 'is_private_email'] }
      : { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // like Google and Apple: the e-mail is in the id token itself, not only behind the userinfo endpoint
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: {
      Session: 3600,
      Interaction: 600,
      Grant: 3600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub)
      if (!account) return undefined
      return { accountId: sub, claims: async () => ({ ...account }) }
    },
  })
  const callback = provider.callback()

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res)
    const choice: ProviderChoice = next ?? { signInAs: [...accounts.keys()][0]! }
    next = null
    if ('cancel' in choice) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
        { mergeWithLastSubmission: false },
      )
      return
    }
    const grant = new provider.Grant({
      accountId: choice.signInAs,
      clientId: String(details.params.client_id),
    })
    grant.addOIDCScope(String(details.params.scope))
    const grantId = await grant.save()
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: choice.signInAs }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
  }

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
  }

  /** Apple's client authentication: verify the ES256 client secret, then let the provider see its own. */
  async function appleClientSecretValid(form: URLSearchParams, check: AppleClientCheck): Promise<boolean> {
    const secret = form.get('client_secret')
    if (!secret || form.get('client_id') !== options.clientId) return false
    try {
      const { payload, protectedHeader } = await jwtVerify(secret, check.publicKey, {
        algorithms: ['ES256'],
        issuer: check.teamId,
        subject: options.clientId,
        audience: issuer,
      })
      const lifetime = (payload.exp ?? 0) - (payload.iat ?? 0)
      return protectedHeader.kid === check.keyId && lifetime > 0 && lifetime <= 15_777_000
    } catch {
      return false
    }
  }

  /** Catch the token endpoint's JSON answer to rewrite its id token (the tests' forged tokens). */
  function rewriteTokenResponse(res: ServerResponse) {
    const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse
    res.end = ((chunk?: unknown) => {
      if (!rewrite || !chunk || res.statusCode !== 200) return end(chunk)
      const body = JSON.parse(String(chunk)) as { id_token?: string }
      if (!body.id_token) return end(chunk)
      const claims = rewrite(decodeJwt(body.id_token))
      void new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: signingJwk.kid! })
        .sign(useForeignKey ? foreign : privateKey)
        .then((jwt) => {
          const text = JSON.stringify({ ...body, id_token: jwt })
          res.setHeader('content-length', Buffer.byteLength(text))
          end(text)
        })
      return res
    }) as typeof res.end
  }

  server.on('request', (req: IncomingMessage & { body?: unknown }, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', issuer).pathname
      if (path.startsWith('/interaction/')) return interaction(req, res)
      if (path === '/token' && req.method === 'POST') {
        const form = await readForm(req)
        if (options.apple) {
          if (!(await appleClientSecretValid(form, options.apple))) {
            issuerApi.refusedClientSecrets++
            res.writeHead(400, { 'content-type': 'application/json' })
            return res.end(JSON.stringify({ error: 'invalid_client' }))
          }
          form.set('client_secret', INTERNAL_SECRET)
        }
        // the stream is read: oidc-provider takes an already parsed body from req.body
        req.body = Object.fromEntries(form)
        rewriteTokenResponse(res)
      }
      return callback(req, res)
    })().catch((err: Error) => {
      res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(String(err?.stack ?? err))
    })
  })

  const issuerApi: LoopbackIssuer = {
    issuer,
    accounts,
    refusedClientSecrets: 0,
    choose(choice) {
      next = choice
    },
    tamperIdToken(fn, opts) {
      rewrite = fn
      useForeignKey = opts?.foreignKey ?? false
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
  return issuerApi
}
