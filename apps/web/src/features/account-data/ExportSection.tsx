import { Download, FileArchive } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../components/ui/Button'
import { EXPORT_URL } from './api'

const CONTENTS = ['profile', 'credits', 'generations', 'conversations', 'other', 'files'] as const

/**
 * Download my data (docs/product.md#data-export): what the zip holds, and a link the browser saves as it
 * streams.
 */
export function ExportSection() {
  const { t } = useTranslation('account-data')
  const [started, setStarted] = useState(false)
  return (
    <section
      aria-labelledby="export-title"
      className="rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6"
      data-testid="export-section"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg">
          <FileArchive className="size-[18px]" aria-hidden />
        </span>
        <h2 id="export-title" className="text-lg font-semibold tracking-tight text-fg">
          {t('export.title')}
        </h2>
      </div>
      <p className="mt-3 text-[15px] leading-relaxed text-fg-muted">{t('export.lead')}</p>
      <ul className="mt-3 flex list-disc flex-col gap-1 ps-5 text-sm text-fg-muted marker:text-fg-subtle">
        {CONTENTS.map((item) => (
          <li key={item}>{t(`export.contents.${item}`)}</li>
        ))}
      </ul>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <a
          href={EXPORT_URL}
          download
          className={buttonClass('primary', 'md')}
          onClick={() => setStarted(true)}
          data-testid="export-download"
        >
          <Download aria-hidden />
          {t('export.download')}
        </a>
        <p className="text-xs text-fg-subtle" role={started ? 'status' : undefined}>
          {started ? t('export.started') : t('export.note')}
        </p>
      </div>
    </section>
  )
}
