import { COSTS } from '@parti/contract'
import { Sparkles } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

const SUGGESTIONS = [
  'suggestions.warmer',
  'suggestions.crop',
  'suggestions.mono',
  'suggestions.contrast',
] as const

/** The start of a conversation: the greeting, what Ask Parti does, the composer and suggestions. */
export function Welcome({
  greeting,
  onSuggestion,
  children,
}: {
  greeting: string
  onSuggestion: (text: string) => void
  children: ReactNode
}) {
  const { t } = useTranslation('chat')
  return (
    <div className="flex flex-col">
      <div className="mb-7 text-center">
        <span className="mx-auto mb-4 grid size-12 place-items-center rounded-2xl bg-accent-soft text-accent-soft-fg">
          <Sparkles className="size-6" aria-hidden />
        </span>
        <h2
          className="text-2xl font-semibold tracking-tight text-balance text-fg sm:text-3xl"
          data-testid="greeting"
        >
          {greeting}
        </h2>
        <p className="mt-2 text-[15px] text-fg-muted">{t('subtitle')}</p>
      </div>
      {children}
      <ul
        className="mt-4 flex flex-wrap justify-center gap-2"
        aria-label={t('suggestions.label')}
        data-testid="suggestions"
      >
        {SUGGESTIONS.map((key) => (
          <li key={key}>
            <button
              type="button"
              onClick={() => onSuggestion(t(key))}
              className="rounded-full border border-border bg-surface px-3.5 py-1.5 text-[13px] text-fg-muted transition-colors hover:border-border-strong hover:text-fg"
            >
              {t(key)}
            </button>
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-8 max-w-md text-center text-xs leading-relaxed text-fg-subtle">
        {t('how', { credits: COSTS.image })}
      </p>
    </div>
  )
}
