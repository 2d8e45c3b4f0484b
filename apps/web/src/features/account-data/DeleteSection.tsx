import { TriangleAlert } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { signInFor } from '../../app/nextPath'
import { signOutAndForget } from '../../app/signOut'
import { Button } from '../../components/ui/Button'
import { Dialog } from '../../components/ui/Dialog'
import { TextField } from '../../components/ui/Field'
import { isApiError } from '../../lib/api'
import { useErrorText } from '../../lib/errors'
import { useSession } from '../auth/session'
import { deleteAccount } from './api'

const CONFIRM_WORD = 'DELETE'
const WHAT_GOES = ['results', 'credits', 'subscription', 'signIn'] as const

/**
 * Delete my account (docs/product.md#account-deletion): a confirmation typed out (the e-mail or DELETE), the
 * current password, then the account is gone and this browser signed out.
 */
/** `hasPassword`: a password account confirms with its password; one without signs in again instead. */
export function DeleteSection({ hasPassword = true }: { hasPassword?: boolean }) {
  const { t } = useTranslation('account-data')
  const { t: tApp } = useTranslation('app')
  const { user } = useSession()
  const navigate = useNavigate()
  const errorText = useErrorText()
  const [open, setOpen] = useState(false)
  const [confirmation, setConfirmation] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [signInAgain, setSignInAgain] = useState(false)
  const [pending, setPending] = useState(false)
  const email = user?.email ?? ''
  const typed = confirmation.trim()
  const confirmed = typed === CONFIRM_WORD || (email !== '' && typed.toLowerCase() === email.toLowerCase())

  const close = (next: boolean) => {
    if (pending) return
    setOpen(next)
    if (!next) {
      setConfirmation('')
      setPassword('')
      setError(null)
      setSignInAgain(false)
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!confirmed || pending) return
    setPending(true)
    setError(null)
    try {
      await deleteAccount(password || undefined)
      await signOutAndForget()
      toast.success(t('delete.done'))
      navigate('/', { replace: true })
    } catch (err) {
      const reason = isApiError(err) ? err.details?.reason : undefined
      setSignInAgain(reason === 'sign_in_again')
      setError(
        reason === 'wrong_password' ||
          reason === 'password_required' ||
          reason === 'sign_in_again' ||
          reason === 'subscription_not_cancelled'
          ? t(`delete.errors.${reason}`)
          : errorText(err),
      )
      setPending(false)
    }
  }

  return (
    <section
      aria-labelledby="delete-title"
      className="rounded-2xl border border-danger/40 bg-surface p-5 shadow-card sm:p-6"
      data-testid="delete-section"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-danger-soft text-danger">
          <TriangleAlert className="size-[18px]" aria-hidden />
        </span>
        <h2 id="delete-title" className="text-lg font-semibold tracking-tight text-fg">
          {t('delete.title')}
        </h2>
      </div>
      <p className="mt-3 text-[15px] leading-relaxed text-fg-muted">{t('delete.lead')}</p>
      <ul className="mt-3 flex list-disc flex-col gap-1 ps-5 text-sm text-fg-muted marker:text-fg-subtle">
        {WHAT_GOES.map((item) => (
          <li key={item}>{t(`delete.goes.${item}`)}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-fg-muted">{t('delete.exportFirst')}</p>
      <Button variant="danger" className="mt-5" onClick={() => setOpen(true)} data-testid="delete-open">
        {t('delete.open')}
      </Button>

      <Dialog
        open={open}
        onOpenChange={close}
        title={t('delete.dialogTitle')}
        description={t('delete.dialogLead')}
        closeLabel={tApp('confirm.cancel')}
      >
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <TextField
            label={t('delete.confirmLabel', { word: CONFIRM_WORD })}
            hint={email ? t('delete.confirmHint', { email, word: CONFIRM_WORD }) : undefined}
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            data-testid="delete-confirm"
          />
          {hasPassword && (
            <TextField
              type="password"
              label={t('delete.passwordLabel')}
              hint={t('delete.passwordHint')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              data-testid="delete-password"
            />
          )}
          {error && (
            <p
              role="alert"
              className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger"
              data-testid="delete-error"
            >
              {error}
            </p>
          )}
          {signInAgain && (
            <Button
              variant="outline"
              onClick={async () => {
                await signOutAndForget()
                // back here once signed in again (docs/decisions/0072-account-deletion-reauthentication.md)
                navigate(signInFor('/account'), { replace: true })
              }}
            >
              {t('delete.signInAgain')}
            </Button>
          )}
          <div className="mt-1 flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => close(false)} disabled={pending}>
              {tApp('confirm.cancel')}
            </Button>
            <Button
              type="submit"
              variant="danger"
              disabled={!confirmed || pending}
              data-testid="delete-submit"
            >
              {pending ? t('delete.deleting') : t('delete.submit')}
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  )
}
