import { SlidersHorizontal } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../components/ui/cn'
import { useAdvancedSettings } from './advanced'

/**
 * docs/product.md#advanced-settings: the top bar's advanced-settings toggle. `labelled` shows the words at
 * every width (the phone drawer); otherwise they appear on wide screens only and screen readers always hear
 * them.
 */
export function AdvancedToggle({ className, labelled = false }: { className?: string; labelled?: boolean }) {
  const { t } = useTranslation()
  const [advanced, setAdvanced] = useAdvancedSettings()
  return (
    <button
      type="button"
      aria-pressed={advanced}
      onClick={() => setAdvanced(!advanced)}
      title={t('shell.advancedSettings')}
      className={cn(
        'h-9 items-center gap-2 rounded-lg px-2.5 text-[13px] font-medium transition-colors',
        advanced ? 'bg-accent-soft text-accent-soft-fg' : 'text-fg-muted hover:bg-surface-2 hover:text-fg',
        className,
      )}
    >
      <SlidersHorizontal className="size-4" aria-hidden />
      <span className={labelled ? '' : 'hidden xl:inline'}>{t('shell.advancedSettings')}</span>
      {!labelled && <span className="sr-only xl:hidden">{t('shell.advancedSettings')}</span>}
    </button>
  )
}
