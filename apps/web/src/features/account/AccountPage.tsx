import type { AccountInfo } from '@parti/contract'
import { MIN_PASSWORD_LENGTH, TEXT_LIMITS } from '@parti/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { LogOut, Mail, ShieldCheck } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Badge } from '../../components/ui/Badge'
import { Button } from '../../components/ui/Button'
import { ConfirmDialog } from '../../components/ui/ConfirmDialog'
import { TextField } from '../../components/ui/Field'
import { Page } from '../../components/ui/Page'
import { Spinner } from '../../components/ui/Spinner'
import { isApiError } from '../../lib/api'
import { useErrorText } from '../../lib/errors'
import { useAsyncAction } from '../../lib/useAsyncAction'
import { DeleteSection } from '../account-data/DeleteSection'
import { ExportSection } from '../account-data/ExportSection'
import { setSignedOut } from '../auth/session'
import { AccountSection } from './AccountSection'
import {
  accountKey,
  changeEmail,
  changePassword,
  fetchAccount,
  resendVerification,
  signOutEverywhere,
} from './api'
import { NotificationsSection } from './NotificationsSection'

/**
 * /account (docs/product.md#account): the address (verified or not, a resend, a change confirmed by mail), the
 * password, and signing out everywhere. Each concern is its own <AccountSection>; the account's data
 * (export, deletion) adds its sections below these.
 */
export default function AccountPage() {
  const { t } = useTranslation('account')
  const account = useQuery({ queryKey: accountKey, queryFn: ({ signal }) => fetchAccount(signal) })
  return (
    <Page className="min-w-0 max-w-3xl">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{t('title')}</h1>
        <p className="mt-2 max-w-2xl text-[15px] leading-relaxed text-fg-muted">{t('lead')}</p>
      </header>
      {account.isPending ? (
        <div
          role="status"
          aria-label={t('loading')}
          className="mt-8 h-64 animate-pulse rounded-2xl bg-surface-2"
        />
      ) : account.isError ? (
        <p className="mt-8 text-sm text-danger" role="alert">
          {t('loadFailed')}
        </p>
      ) : (
        <div className="mt-8 flex flex-col gap-6">
          <AddressSection account={account.data.account} />
          <PasswordSection account={account.data.account} />
          <SessionsSection />
          <NotificationsSection account={account.data.account} />
          {/* the account's data (docs/product.md#data-rights) */}
          <ExportSection />
          <DeleteSection hasPassword={account.data.account.hasPassword} />
        </div>
      )}
    </Page>
  )
}

function Alert({ error }: { error: unknown }) {
  const errorText = useErrorText()
  if (!error) return null
  return (
    <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
      {errorText(error)}
    </p>
  )
}

function AddressSection({ account }: { account: AccountInfo }) {
  const { t } = useTranslation('account')
  const qc = useQueryClient()
  const resend = useAsyncAction(resendVerification)
  const change = useAsyncAction(changeEmail)
  const [editing, setEditing] = useState(false)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const field = isApiError(change.error) ? change.error.details?.field : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void change
      .run({ email: email.trim(), ...(account.hasPassword ? { currentPassword: password } : {}) })
      .then((r) => {
        if (!r) return
        toast.success(t('address.changeSent', { email: email.trim() }))
        setEditing(false)
        setEmail('')
        setPassword('')
        void qc.invalidateQueries({ queryKey: accountKey })
      })
  }

  return (
    <AccountSection id="address" title={t('address.title')}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Mail className="size-4 text-fg-subtle" aria-hidden />
        <span dir="ltr" className="font-medium text-fg" data-testid="account-email">
          {account.email}
        </span>
        {account.emailVerified ? (
          <Badge tone="accent">{t('address.verified')}</Badge>
        ) : (
          <Badge tone="neutral">{t('address.unverified')}</Badge>
        )}
      </div>
      {!account.emailVerified && (
        <div
          className="mt-4 flex flex-col gap-3 rounded-xl border border-border bg-surface-2 p-4 sm:flex-row sm:items-center sm:justify-between"
          data-testid="verify-notice"
        >
          <p className="text-sm text-fg">{t('address.verifyNotice')}</p>
          <Button
            variant="outline"
            disabled={resend.isPending}
            onClick={() =>
              void resend.run().then((r) => r && toast.success(t('address.resent', { email: account.email })))
            }
          >
            {resend.isPending && <Spinner className="text-current" />}
            {t('address.resend')}
          </Button>
        </div>
      )}
      {resend.isError && (
        <div className="mt-3">
          <Alert error={resend.error} />
        </div>
      )}
      {account.pendingEmail && (
        <p className="mt-4 text-sm text-fg-muted" data-testid="pending-email">
          {t('address.pending', { email: account.pendingEmail })}
        </p>
      )}
      {editing ? (
        <form
          onSubmit={submit}
          className="mt-5 flex flex-col gap-4 sm:max-w-md"
          data-testid="change-email-form"
        >
          <TextField
            label={t('fields.newEmail')}
            type="email"
            autoComplete="email"
            required
            maxLength={TEXT_LIMITS.email}
            value={email}
            error={field === 'email' ? <ErrorFor error={change.error} /> : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          {account.hasPassword && (
            <TextField
              label={t('fields.currentPassword')}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              error={field === 'currentPassword' ? <ErrorFor error={change.error} /> : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
          <p className="text-xs leading-relaxed text-fg-subtle">{t('address.changeHint')}</p>
          {change.isError && !field && <Alert error={change.error} />}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && <Spinner className="text-current" />}
              {t('address.send')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
              {t('actions.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="outline" className="mt-5" onClick={() => setEditing(true)}>
          {t('address.change')}
        </Button>
      )}
    </AccountSection>
  )
}

function ErrorFor({ error }: { error: unknown }) {
  const errorText = useErrorText()
  return <>{errorText(error)}</>
}

function PasswordSection({ account }: { account: AccountInfo }) {
  const { t } = useTranslation('account')
  const change = useAsyncAction(changePassword)
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [touched, setTouched] = useState(false)
  const tooShort = next.length < MIN_PASSWORD_LENGTH
  const field = isApiError(change.error) ? change.error.details?.field : undefined

  if (!account.hasPassword) {
    const provider = account.providers[0] === 'apple' ? 'Apple' : 'Google'
    return (
      <AccountSection id="password" title={t('password.title')}>
        <p className="text-sm leading-relaxed text-fg-muted">
          {account.providers.length ? t('password.provider', { provider }) : t('password.none')}
        </p>
      </AccountSection>
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (tooShort) return
    void change.run({ currentPassword: current, newPassword: next }).then((r) => {
      if (!r) return
      toast.success(t('password.changed'))
      setCurrent('')
      setNext('')
      setTouched(false)
    })
  }
  return (
    <AccountSection id="password" title={t('password.title')} intro={t('password.intro')}>
      <form onSubmit={submit} className="flex flex-col gap-4 sm:max-w-md" data-testid="change-password-form">
        <TextField
          label={t('fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          value={current}
          error={field === 'currentPassword' ? <ErrorFor error={change.error} /> : undefined}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={next}
          hint={t('fields.passwordHint', { min: MIN_PASSWORD_LENGTH })}
          error={touched && tooShort ? t('fields.passwordTooShort', { min: MIN_PASSWORD_LENGTH }) : undefined}
          onChange={(e) => setNext(e.target.value)}
        />
        {change.isError && field !== 'currentPassword' && <Alert error={change.error} />}
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending && <Spinner className="text-current" />}
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </AccountSection>
  )
}

function SessionsSection() {
  const { t } = useTranslation('account')
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const out = useAsyncAction(signOutEverywhere)
  return (
    <AccountSection id="sessions" title={t('sessions.title')} intro={t('sessions.intro')}>
      <div className="flex items-center gap-3">
        <ShieldCheck className="size-4 shrink-0 text-fg-subtle" aria-hidden />
        <p className="text-sm text-fg-muted">{t('sessions.keysKept')}</p>
      </div>
      {out.isError && (
        <div className="mt-3">
          <Alert error={out.error} />
        </div>
      )}
      <Button
        variant="outline"
        className="mt-5"
        onClick={() => setConfirming(true)}
        data-testid="sign-out-everywhere"
      >
        <LogOut className="rtl-flip" aria-hidden />
        {t('sessions.button')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('sessions.confirmTitle')}
        description={t('sessions.confirmBody')}
        confirmLabel={t('sessions.button')}
        cancelLabel={t('actions.cancel')}
        pending={out.isPending}
        tone="danger"
        onConfirm={() =>
          void out.run().then((r) => {
            if (!r) return
            setConfirming(false)
            setSignedOut()
            navigate('/')
          })
        }
      />
    </AccountSection>
  )
}
