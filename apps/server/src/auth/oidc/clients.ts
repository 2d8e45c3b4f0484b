import type { Config } from '../../config.ts'
import { SignInClient } from './client.ts'
import { type SignInProviderId, signInSettings } from './settings.ts'

export type SignInClients = Record<SignInProviderId, SignInClient | null>

/** A client per configured provider (null when it is not set up), answering on this server's callback URLs. */
export function createSignInClients(config: Config): SignInClients {
  const settings = signInSettings(config)
  const callback = (provider: SignInProviderId) => `${config.publicUrl}/api/auth/${provider}/callback`
  return {
    google: settings.google && new SignInClient(settings.google, callback('google')),
    apple: settings.apple && new SignInClient(settings.apple, callback('apple')),
  }
}
