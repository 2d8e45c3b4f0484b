import { createPrivateKey, type KeyObject } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'

export type SignInProviderId = 'google' | 'apple'
export const SIGN_IN_PROVIDERS: readonly SignInProviderId[] = ['google', 'apple']

/** The environment variables of Google and Apple sign-in (config.ts EnvSchema declares them). */
export interface SignInEnv {
  GOOGLE_CLIENT_ID?: string | undefined
  GOOGLE_CLIENT_SECRET?: string | undefined
  GOOGLE_ISSUER: string
  APPLE_CLIENT_ID?: string | undefined
  APPLE_TEAM_ID?: string | undefined
  APPLE_KEY_ID?: string | undefined
  APPLE_PRIVATE_KEY?: string | undefined
  APPLE_ISSUER: string
}

export interface GoogleSettings {
  id: 'google'
  issuer: string
  clientId: string
  clientSecret: string
}

export interface AppleSettings {
  id: 'apple'
  issuer: string
  /** the Services ID, which is the client id of Sign in with Apple on the web */
  clientId: string
  teamId: string
  keyId: string
  /** the .p8 key that signs the client secret (ES256) */
  privateKey: KeyObject
}

export type ProviderSettings = GoogleSettings | AppleSettings

const GOOGLE_VARS = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] as const
const APPLE_VARS = ['APPLE_CLIENT_ID', 'APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'] as const

/**
 * A provider is on when its client id is set; then every variable it needs must be set too
 * (docs/decisions/0048-configuration-checked-at-start.md:
 * a half-configured provider stops start-up with the missing variable's name, not at the first sign-in).
 */
export function signInEnvProblems(env: SignInEnv): string[] {
  const problems: string[] = []
  for (const vars of [GOOGLE_VARS, APPLE_VARS]) {
    const set = vars.filter((v) => env[v])
    if (set.length === 0) continue
    for (const v of vars) if (!env[v]) problems.push(`${v}: required when ${set[0]} is set`)
  }
  if (env.APPLE_PRIVATE_KEY) {
    const problem = appleKeyProblem(env.APPLE_PRIVATE_KEY)
    if (problem) problems.push(`APPLE_PRIVATE_KEY: ${problem}`)
  }
  return problems
}

function appleKeyProblem(value: string): string | null {
  try {
    readAppleKey(value)
    return null
  } catch (err) {
    return (err as Error).message
  }
}

/**
 * APPLE_PRIVATE_KEY holds the .p8 file's PEM (newlines may be written as \n in an env file) or the path of
 * the file. It must be the P-256 key Apple issues for Sign in with Apple.
 */
function readAppleKey(value: string): KeyObject {
  let pem: string
  if (value.includes('-----BEGIN')) pem = value.replace(/\\n/g, '\n')
  else if (existsSync(value)) pem = readFileSync(value, 'utf8')
  else throw new Error('neither a PEM private key nor the path of a readable .p8 file')
  let key: KeyObject
  try {
    key = createPrivateKey(pem)
  } catch {
    throw new Error('not a readable private key (expected the PEM of the .p8 file Apple issued)')
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('must be the ES256 (P-256) key of Sign in with Apple (.p8 file)')
  }
  return key
}

/** Which providers this server offers, from the (already checked) environment. */
export function signInSettings(env: SignInEnv): {
  google: GoogleSettings | null
  apple: AppleSettings | null
} {
  const google: GoogleSettings | null =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          id: 'google',
          issuer: env.GOOGLE_ISSUER,
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
        }
      : null
  const apple: AppleSettings | null =
    env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY
      ? {
          id: 'apple',
          issuer: env.APPLE_ISSUER,
          clientId: env.APPLE_CLIENT_ID,
          teamId: env.APPLE_TEAM_ID,
          keyId: env.APPLE_KEY_ID,
          privateKey: readAppleKey(env.APPLE_PRIVATE_KEY),
        }
      : null
  return { google, apple }
}
