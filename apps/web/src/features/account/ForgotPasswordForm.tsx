import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/Button'
import { TextField } from '../../components/ui/Field'
import { Spinner } from '../../components/ui/Spinner'
import { useErrorText } from '../../lib/errors'
import { isLanguage } from '../../lib/i18n'
import { useAsyncAction } from '../../lib/useAsyncAction'
import { requestPasswordReset } from './api'

/**
 * "Forgot password?" in the sign-in dialog (docs/product.md#account): the server answers the same whether the
 * address has an account or not, so the screen says "if it has one, a link is on its way".
 */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t, i18n } = useTranslation('account')
  const errorText = useErrorText()
  const [email, setEmail] = useState(initialEmail)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const request = useAsyncAction(requestPasswordReset)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const address = email.trim()
    const language = isLanguage(i18n.language) ? i18n.language : 'en'
    void request.run(address, language).then((r) => r && setSentTo(address))
  }

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4" data-testid="forgot-sent">
        <p role="status" className="rounded-xl bg-surface-2 p-4 text-sm leading-relaxed text-fg">
          {t('forgot.sent', { email: sentTo })}
        </p>
        <Button variant="outline" size="lg" className="w-full" onClick={onBack}>
          {t('forgot.back')}
        </Button>
      </div>
    )
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="forgot-form">
      <p className="text-sm leading-relaxed text-fg-muted">{t('forgot.intro')}</p>
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      {request.isError && (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {errorText(request.error)}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
        {request.isPending && <Spinner className="text-current" />}
        {t('forgot.submit')}
      </Button>
      <button
        type="button"
        onClick={onBack}
        className="self-center text-sm text-fg-muted underline-offset-2 hover:text-fg hover:underline"
      >
        {t('forgot.back')}
      </button>
    </form>
  )
}
