import { Copy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/Button'
import { useCopy } from './hooks'

/** Code to copy: always left to right (it is code), with a copy button. */
export function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  const { t } = useTranslation('developers')
  const copy = useCopy()
  return (
    <div
      dir="ltr"
      className="relative min-w-0 max-w-full rounded-xl border border-border bg-surface-2"
      data-testid={testId}
    >
      <pre className="overflow-x-auto p-4 pe-14 text-start font-mono text-[12.5px] leading-relaxed text-fg">
        <code>{code}</code>
      </pre>
      <Button
        variant="outline"
        size="icon-sm"
        className="absolute end-2 top-2"
        aria-label={t('copyLabel', { what: label })}
        title={t('copy')}
        onClick={() => void copy(code)}
      >
        <Copy aria-hidden />
      </Button>
    </div>
  )
}
