import { TEXT_LIMITS } from '@parti/contract'
import { CheckCircle2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/Button'
import { TextAreaField, TextField } from '../../components/ui/Field'
import { Spinner } from '../../components/ui/Spinner'
import { useErrorText } from '../../lib/errors'
import { QueryProvider } from '../../lib/queryClient'
import { useSession } from '../auth/session'
import { useSendContactMessage } from './api'
import { blankFields, type ContactFields } from './blankFields'

/** The contact form of /support and /contact: POST /api/contact/messages {name, email, subject, message}. */
function ContactFormInner({ defaultSubject = '' }: { defaultSubject?: string }) {
  const { t } = useTranslation('pages')
  const errorText = useErrorText()
  const { user } = useSession()
  const send = useSendContactMessage()
  const [blank, setBlank] = useState<ReadonlySet<keyof ContactFields>>(new Set())
  const [form, setForm] = useState<ContactFields>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    subject: defaultSubject,
    message: '',
  })
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }))
  const required = (field: keyof ContactFields) => (blank.has(field) ? t('contactForm.required') : undefined)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // a field of spaces only is empty: say which, rather than the server's vague refusal
    const missing = blankFields(form)
    setBlank(missing)
    if (missing.size > 0) return
    send.mutate({
      name: form.name.trim(),
      email: form.email.trim(),
      subject: form.subject.trim(),
      message: form.message.trim(),
    })
  }

  if (send.isSuccess) {
    return (
      <div
        role="status"
        className="flex flex-col items-center rounded-2xl border border-border bg-surface p-8 text-center shadow-card"
      >
        <CheckCircle2 className="size-10 text-success" aria-hidden />
        <h3 className="mt-4 text-lg font-semibold text-fg">{t('contactForm.sentTitle')}</h3>
        <p className="mt-2 max-w-sm text-sm text-fg-muted">{t('contactForm.sentBody')}</p>
        <Button
          variant="outline"
          className="mt-6"
          onClick={() => {
            setForm((current) => ({ ...current, subject: '', message: '' }))
            send.reset()
          }}
        >
          {t('contactForm.sendAnother')}
        </Button>
      </div>
    )
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-7"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('contactForm.name')}
          autoComplete="name"
          required
          maxLength={TEXT_LIMITS.name}
          value={form.name}
          onChange={set('name')}
          error={required('name')}
        />
        <TextField
          label={t('contactForm.email')}
          type="email"
          autoComplete="email"
          required
          maxLength={TEXT_LIMITS.email}
          value={form.email}
          onChange={set('email')}
          error={required('email')}
        />
      </div>
      <TextField
        label={t('contactForm.subject')}
        required
        maxLength={TEXT_LIMITS.subject}
        value={form.subject}
        onChange={set('subject')}
        error={required('subject')}
      />
      <TextAreaField
        label={t('contactForm.message')}
        required
        maxLength={TEXT_LIMITS.message}
        rows={6}
        value={form.message}
        onChange={set('message')}
        error={required('message')}
        hint={t('contactForm.replyPromise')}
      />
      {send.isError && (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {errorText(send.error)}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
          {send.isPending && <Spinner className="text-current" />}
          {t('contactForm.send')}
        </Button>
      </div>
    </form>
  )
}

/** The form with the query cache it needs (the public pages have no provider of their own). */
export function ContactForm(props: { defaultSubject?: string }) {
  return (
    <QueryProvider>
      <ContactFormInner {...props} />
    </QueryProvider>
  )
}
