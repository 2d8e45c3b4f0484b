import { MIN_PASSWORD_LENGTH } from '@parti/contract'
import { CircleCheck, CircleX, KeyRound, MailCheck } from 'lucide-react'
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Button, buttonClass } from '../../components/ui/Button'
import { TextField } from '../../components/ui/Field'
import { Spinner } from '../../components/ui/Spinner'
import { isApiError } from '../../lib/api'
import { useErrorText } from '../../lib/errors'
import { useAsyncAction } from '../../lib/useAsyncAction'
import { useAuthDialog } from '../auth/AuthDialogContext'
import { refreshSession, useSession } from '../auth/session'
import { confirmEmailChange, confirmPasswordReset, verifyEmail } from './api'

// The pages a mailed link opens (docs/product.md#account). The token is in the link's fragment (never sent to a
// server, so never in an access log); the page hands it to the server, which spends it once.

/** The link's token, from `#token=…` (or `?token=…`, as a mail program may have rewritten it). */
function useLinkToken(): string {
  const { hash, search } = useLocation()
  return new URLSearchParams(hash.slice(1)).get('token') ?? new URLSearchParams(search).get('token') ?? ''
}

function Card({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-20">
      <div className="rounded-2xl border border-border bg-surface p-6 shadow-card sm:p-8">
        <span className="grid size-10 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg">
          {icon}
        </span>
        <h1 className="mt-4 text-xl font-semibold tracking-tight text-fg">{title}</h1>
        <div className="mt-3">{children}</div>
      </div>
    </div>
  )
}

function Continue() {
  const { t } = useTranslation('account')
  const { status } = useSession()
  const { openAuth } = useAuthDialog()
  if (status === 'signed-in') {
    return (
      <Link to="/account" className={buttonClass('primary', 'lg', 'mt-6 w-full')}>
        {t('links.toAccount')}
      </Link>
    )
  }
  return (
    <Button size="lg" className="mt-6 w-full" onClick={() => openAuth('sign-in')}>
      {t('links.signIn')}
    </Button>
  )
}

/** /reset-password#token=…: choose the new password; every session of the account ends. */
export function ResetPasswordPage() {
  // another link opened in the same tab (only the fragment changes) starts afresh
  const token = useLinkToken()
  return <ResetPasswordForm key={token} token={token} />
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('account')
  const errorText = useErrorText()
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [touched, setTouched] = useState(false)
  const [done, setDone] = useState(false)
  const reset = useAsyncAction(confirmPasswordReset)
  const tooShort = password.length < MIN_PASSWORD_LENGTH
  const mismatch = repeat !== password

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (tooShort || mismatch) return
    void reset.run(token, password).then((r) => {
      if (!r) return
      setDone(true)
      // this browser's own session, if it had one, ended with the others
      void refreshSession()
    })
  }

  if (done) {
    return (
      <Card icon={<CircleCheck className="size-5" aria-hidden />} title={t('reset.doneTitle')}>
        <p className="text-sm leading-relaxed text-fg-muted" role="status" data-testid="reset-done">
          {t('reset.done')}
        </p>
        <Continue />
      </Card>
    )
  }
  const expired = isApiError(reset.error) && reset.error.code === 'link_expired'
  return (
    <Card icon={<KeyRound className="size-5" aria-hidden />} title={t('reset.title')}>
      <p className="text-sm leading-relaxed text-fg-muted">{t('reset.intro')}</p>
      <form onSubmit={submit} className="mt-5 flex flex-col gap-4" data-testid="reset-form">
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          hint={t('fields.passwordHint', { min: MIN_PASSWORD_LENGTH })}
          error={touched && tooShort ? t('fields.passwordTooShort', { min: MIN_PASSWORD_LENGTH }) : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label={t('fields.repeatPassword')}
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          error={touched && !tooShort && mismatch ? t('fields.mismatch') : undefined}
          onChange={(e) => setRepeat(e.target.value)}
        />
        {reset.isError && (
          <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
            {errorText(reset.error)}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending || !token}>
          {reset.isPending && <Spinner className="text-current" />}
          {t('reset.submit')}
        </Button>
        {(expired || !token) && <p className="text-center text-sm text-fg-muted">{t('reset.askAgain')}</p>}
      </form>
    </Card>
  )
}

/** Spend the link's token once on arrival (React's development double effect included). */
function useSpendOnce(token: string, spend: (token: string) => Promise<unknown>) {
  const [state, setState] = useState<{ status: 'pending' | 'done' | 'failed'; error?: unknown }>({
    status: 'pending',
  })
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    if (!token) return setState({ status: 'failed' })
    spend(token).then(
      () => {
        setState({ status: 'done' })
        void refreshSession()
      },
      (error: unknown) => setState({ status: 'failed', error }),
    )
  }, [spend, token])
  return state
}

function SpendPage(props: {
  spend: (token: string) => Promise<unknown>
  titles: { pending: string; done: string; doneBody: string }
}) {
  // another link opened in the same tab (only the fragment changes) is spent too
  const token = useLinkToken()
  return <SpendLink key={token} token={token} {...props} />
}

function SpendLink({
  token,
  spend,
  titles,
}: {
  token: string
  spend: (token: string) => Promise<unknown>
  titles: { pending: string; done: string; doneBody: string }
}) {
  const { t } = useTranslation('account')
  const errorText = useErrorText()
  const state = useSpendOnce(token, spend)
  if (state.status === 'pending') {
    return (
      <Card icon={<MailCheck className="size-5" aria-hidden />} title={titles.pending}>
        <Spinner />
      </Card>
    )
  }
  if (state.status === 'done') {
    return (
      <Card icon={<CircleCheck className="size-5" aria-hidden />} title={titles.done}>
        <p className="text-sm leading-relaxed text-fg-muted" role="status" data-testid="link-done">
          {titles.doneBody}
        </p>
        <Continue />
      </Card>
    )
  }
  return (
    <Card icon={<CircleX className="size-5" aria-hidden />} title={t('links.failedTitle')}>
      <p className="text-sm leading-relaxed text-danger" role="alert" data-testid="link-failed">
        {state.error ? errorText(state.error) : t('links.noToken')}
      </p>
      <Continue />
    </Card>
  )
}

/** /verify-email#token=…: the address of the sign-up is proven. */
export function VerifyEmailPage() {
  const { t } = useTranslation('account')
  return (
    <SpendPage
      spend={verifyEmail}
      titles={{
        pending: t('links.verifying'),
        done: t('links.verifiedTitle'),
        doneBody: t('links.verified'),
      }}
    />
  )
}

/** /confirm-email#token=…: the account moves to its new address. */
export function ConfirmEmailPage() {
  const { t } = useTranslation('account')
  return (
    <SpendPage
      spend={confirmEmailChange}
      titles={{ pending: t('links.confirming'), done: t('links.changedTitle'), doneBody: t('links.changed') }}
    />
  )
}
