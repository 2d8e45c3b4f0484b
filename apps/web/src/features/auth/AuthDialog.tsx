import { MIN_PASSWORD_LENGTH, TEXT_LIMITS } from '@parti/contract'
import { useQuery } from '@tanstack/react-query'
import { Tabs } from 'radix-ui'
import { type FormEvent, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Button } from '../../components/ui/Button'
import { Dialog } from '../../components/ui/Dialog'
import { TextField } from '../../components/ui/Field'
import { Spinner } from '../../components/ui/Spinner'
import { isApiError } from '../../lib/api'
import { useErrorText } from '../../lib/errors'
import { QueryProvider } from '../../lib/queryClient'
import { useAsyncAction } from '../../lib/useAsyncAction'
import { ForgotPasswordForm } from '../account/ForgotPasswordForm'
import type { AuthTab } from './AuthDialogContext'
import { fetchProviders, providerSignInUrl, providersQueryKey } from './api'
import { useAuthPolicy } from './authPolicy'
import { signInWithPassword, signUpWithPassword } from './session'

interface AuthDialogProps {
  open: boolean
  tab: AuthTab
  onTabChange: (tab: AuthTab) => void
  onOpenChange: (open: boolean) => void
}

export default function AuthDialog({ open, tab: asked, onTabChange, onOpenChange }: AuthDialogProps) {
  const { t, i18n } = useTranslation()
  const { t: ta } = useTranslation('account')
  // "Forgot password?" replaces the forms with the reset request, starting from the address typed so far
  const [forgot, setForgot] = useState<{ email: string } | null>(null)
  // docs/product.md#demo-mode: a demo lets nobody in; closed sign-up leaves sign-in only
  const policy = useAuthPolicy()
  const tab: AuthTab = policy.signUp ? asked : 'sign-in'
  const tabs = policy.signUp ? (['sign-in', 'sign-up'] as const) : (['sign-in'] as const)
  if (policy.demo) {
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={t('auth.signInTitle')}
        description={t('landing.demoNotice')}
        closeLabel={t('common.close')}
      >
        <p
          role="status"
          className="rounded-xl bg-surface-2 p-4 text-sm text-fg"
          data-testid="auth-demo-notice"
        >
          {t('errors.demo_mode')}
        </p>
      </Dialog>
    )
  }
  if (forgot) {
    return (
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next) setForgot(null)
          onOpenChange(next)
        }}
        title={ta('forgot.title')}
        closeLabel={t('common.close')}
      >
        <ForgotPasswordForm initialEmail={forgot.email} onBack={() => setForgot(null)} />
      </Dialog>
    )
  }
  return (
    <QueryProvider>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={tab === 'sign-in' ? t('auth.signInTitle') : t('auth.signUpTitle')}
        description={tab === 'sign-in' ? t('auth.signInSubtitle') : t('auth.signUpSubtitle')}
        closeLabel={t('common.close')}
      >
        {/* Radix writes its own dir attribute (ltr unless told), which would undo Arabic's right-to-left */}
        <Tabs.Root dir={i18n.dir()} value={tab} onValueChange={(value) => onTabChange(value as AuthTab)}>
          <Tabs.List
            aria-label={t('auth.tabsLabel')}
            className={
              tabs.length > 1
                ? 'mb-5 grid grid-cols-2 gap-1 rounded-xl bg-surface-2 p-1 text-sm font-medium'
                : 'sr-only'
            }
          >
            {tabs.map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="h-8 rounded-lg text-fg-muted transition-colors hover:text-fg data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-card"
              >
                {value === 'sign-in' ? t('auth.signIn') : t('auth.signUp')}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <ProviderButtons />
          <Tabs.Content value="sign-in" className="outline-none">
            <SignInForm onDone={() => onOpenChange(false)} onForgot={(email) => setForgot({ email })} />
          </Tabs.Content>
          {policy.signUp && (
            <Tabs.Content value="sign-up" className="outline-none">
              <SignUpForm onDone={() => onOpenChange(false)} />
            </Tabs.Content>
          )}
        </Tabs.Root>
      </Dialog>
    </QueryProvider>
  )
}

/**
 * Google and Apple appear only when the server has them configured (GET /api/auth/providers). Each is a
 * full-page redirect to the provider, not a popup (nothing to block); the server brings the browser back
 * here, signed in, or with ?authError= for SignInRedirectNotice.
 */
function ProviderButtons() {
  const { t } = useTranslation()
  const { data } = useQuery({ queryKey: providersQueryKey, queryFn: fetchProviders, staleTime: 5 * 60_000 })
  const [leaving, setLeaving] = useState<'google' | 'apple' | null>(null)
  const providers = (['google', 'apple'] as const).filter((p) => data?.[p])
  if (providers.length === 0) return null
  return (
    <div className="mb-5 flex flex-col gap-2">
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="outline"
          size="lg"
          className="w-full"
          data-testid={`sign-in-${provider}`}
          disabled={leaving !== null}
          aria-busy={leaving === provider || undefined}
          onClick={() => {
            setLeaving(provider)
            window.location.assign(providerSignInUrl(provider, window.location))
          }}
        >
          {leaving === provider && <Spinner className="text-current" />}
          {provider === 'google' ? t('auth.continueWithGoogle') : t('auth.continueWithApple')}
        </Button>
      ))}
      <div className="my-1 flex items-center gap-3 text-xs text-fg-subtle">
        <span className="h-px flex-1 bg-border" />
        {t('auth.orWithEmail')}
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  )
}

function useAfterAuth(onDone: () => void, messageKey: 'auth.toastSignedIn' | 'auth.toastSignedUp') {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return () => {
    onDone()
    toast.success(t(messageKey))
    navigate('/')
  }
}

function SignInForm({ onDone, onForgot }: { onDone: () => void; onForgot: (email: string) => void }) {
  const { t } = useTranslation()
  const { t: ta } = useTranslation('account')
  const errorText = useErrorText()
  const signIn = useAsyncAction(signInWithPassword)
  const afterAuth = useAfterAuth(onDone, 'auth.toastSignedIn')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void signIn.run({ email: email.trim(), password }).then((user) => user && afterAuth())
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate={false}>
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button
        type="button"
        onClick={() => onForgot(email.trim())}
        className="-mt-2 self-end text-sm text-fg-muted underline-offset-2 hover:text-fg hover:underline"
        data-testid="forgot-password"
      >
        {ta('forgot.link')}
      </button>
      {signIn.isError && (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {errorText(signIn.error)}
        </p>
      )}
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={signIn.isPending}>
        {signIn.isPending && <Spinner className="text-current" />}
        {t('auth.signIn')}
      </Button>
    </form>
  )
}

function SignUpForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const signUp = useAsyncAction(signUpWithPassword)
  const afterAuth = useAfterAuth(onDone, 'auth.toastSignedUp')
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [passwordTouched, setPasswordTouched] = useState(false)
  const passwordTooShort = password.length > 0 && password.length < MIN_PASSWORD_LENGTH

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setPasswordTouched(true)
    if (password.length < MIN_PASSWORD_LENGTH) return
    const trimmedName = name.trim()
    void signUp
      .run({ email: email.trim(), password, ...(trimmedName ? { name: trimmedName } : {}) })
      .then((user) => user && afterAuth())
  }

  const field = isApiError(signUp.error) ? signUp.error.details?.field : undefined
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label={t('auth.name')}
        optional={t('common.optional')}
        autoComplete="name"
        value={name}
        maxLength={TEXT_LIMITS.name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        required
        value={email}
        error={field === 'email' ? errorText(signUp.error) : undefined}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        value={password}
        hint={t('auth.passwordHint', { min: MIN_PASSWORD_LENGTH })}
        error={
          passwordTouched && passwordTooShort
            ? t('auth.passwordTooShort', { min: MIN_PASSWORD_LENGTH })
            : undefined
        }
        onBlur={() => setPasswordTouched(true)}
        onChange={(e) => setPassword(e.target.value)}
      />
      {signUp.isError && field !== 'email' && (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {errorText(signUp.error)}
        </p>
      )}
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={signUp.isPending}>
        {signUp.isPending && <Spinner className="text-current" />}
        {t('auth.createAccount')}
      </Button>
      <p className="text-center text-xs leading-relaxed text-fg-subtle">
        <Trans
          i18nKey="auth.signUpTerms"
          components={{
            terms: (
              <Link to="/terms" className="underline underline-offset-2 hover:text-fg" onClick={onDone} />
            ),
            privacy: (
              <Link to="/privacy" className="underline underline-offset-2 hover:text-fg" onClick={onDone} />
            ),
          }}
        />
      </p>
    </form>
  )
}
