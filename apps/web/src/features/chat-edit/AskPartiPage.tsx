import { ArrowUp, ImagePlus, Info, Sparkles } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSession } from '../auth/session'

const SUGGESTIONS = [
  'askParti.suggestion1',
  'askParti.suggestion2',
  'askParti.suggestion3',
  'askParti.suggestion4',
] as const

type GreetingKey = 'askParti.greetingMorning' | 'askParti.greetingAfternoon' | 'askParti.greetingEvening'

export function greetingKeyFor(hour: number): GreetingKey {
  if (hour >= 5 && hour < 12) return 'askParti.greetingMorning'
  if (hour >= 12 && hour < 18) return 'askParti.greetingAfternoon'
  return 'askParti.greetingEvening'
}

/** Signed-in home (spec §2 Magic Edit / Ask Parti): greeting, suggestions and the composer. */
export default function AskPartiPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const [prompt, setPrompt] = useState('')
  const promptId = useId()
  const noteId = useId()
  const name = user?.name?.split(' ')[0] || user?.email.split('@')[0] || ''

  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-10 sm:px-8">
      <div className="w-full max-w-2xl">
        <div className="mb-8 text-center">
          <span className="mx-auto mb-5 grid size-12 place-items-center rounded-2xl bg-accent-soft text-accent-soft-fg">
            <Sparkles className="size-6" aria-hidden />
          </span>
          <h2
            className="text-2xl font-semibold tracking-tight text-balance text-fg sm:text-3xl"
            data-testid="greeting"
          >
            {t(greetingKeyFor(new Date().getHours()), { name })}
          </h2>
          <p className="mt-2 text-[15px] text-fg-muted">{t('askParti.subtitle')}</p>
        </div>

        <form
          className="rounded-2xl border border-border-strong bg-surface p-2 shadow-card focus-within:border-accent/60"
          onSubmit={(event) => event.preventDefault()}
        >
          <label htmlFor={promptId} className="sr-only">
            {t('askParti.promptLabel')}
          </label>
          <textarea
            id={promptId}
            rows={3}
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
            placeholder={t('askParti.placeholder')}
            aria-describedby={noteId}
            className="block w-full resize-none bg-transparent px-3 py-2.5 text-[15px] leading-relaxed text-fg placeholder:text-fg-subtle focus-visible:outline-none"
          />
          <div className="flex items-center justify-between gap-2 px-1 pb-1">
            <button
              type="button"
              disabled
              className="inline-flex h-8 items-center gap-2 rounded-lg px-2.5 text-[13px] font-medium text-fg-muted disabled:opacity-50"
            >
              <ImagePlus className="size-4" aria-hidden />
              {t('askParti.attach')}
            </button>
            <button
              type="submit"
              disabled
              aria-label={t('askParti.send')}
              className="grid size-8 place-items-center rounded-lg bg-accent text-accent-fg disabled:opacity-40"
            >
              <ArrowUp className="size-4" aria-hidden />
            </button>
          </div>
        </form>

        <ul className="mt-4 flex flex-wrap justify-center gap-2" aria-label={t('askParti.suggestionsLabel')}>
          {SUGGESTIONS.map((key) => (
            <li key={key}>
              <button
                type="button"
                onClick={() => setPrompt(t(key))}
                className="rounded-full border border-border bg-surface px-3.5 py-1.5 text-[13px] text-fg-muted transition-colors hover:border-border-strong hover:text-fg"
              >
                {t(key)}
              </button>
            </li>
          ))}
        </ul>

        <p
          id={noteId}
          className="mx-auto mt-10 flex max-w-lg items-start gap-2.5 rounded-xl bg-surface-2 px-4 py-3 text-[13px] leading-relaxed text-fg-muted"
        >
          <Info className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
          <span>
            {t('askParti.comingSoonNote')}{' '}
            <Link to="/support" className="font-medium text-accent hover:underline">
              {t('askParti.comingSoonLink')}
            </Link>
          </span>
        </p>
      </div>
    </div>
  )
}
