import { LANGUAGES, type Language } from '@parti/contract'
import { ChevronDown, Languages } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../components/ui/Button'
import { cn } from '../../components/ui/cn'
import { SelectMenu } from '../../components/ui/SelectMenu'
import { changeLanguage, directionOf, isLanguage, LANGUAGE_NAMES } from '../../lib/i18n'

const OPTIONS = LANGUAGES.map((language) => ({
  value: language,
  label: LANGUAGE_NAMES[language],
  lang: language,
  dir: directionOf(language),
}))

/** The language menu of both headers. `compact` keeps the language code visible on narrower screens. */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation()
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en'
  return (
    <SelectMenu
      value={current}
      options={OPTIONS}
      onChange={(language) => void changeLanguage(language)}
      triggerLabel={t('preferences.language', { language: LANGUAGE_NAMES[current] })}
      testId="language-picker"
      triggerClassName={buttonClass('ghost', 'md', 'px-2.5')}
      triggerContent={
        <>
          <Languages aria-hidden />
          <span
            className={cn(
              'text-[13px] uppercase',
              compact ? 'hidden min-[420px]:inline' : 'hidden sm:inline',
            )}
          >
            {current}
          </span>
          <ChevronDown aria-hidden className="hidden !size-3.5 opacity-60 sm:block" />
        </>
      }
    />
  )
}
