import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Segmented } from '../../components/ui/Segmented'
import { CodeBlock } from './CodeBlock'
import { buildExamples } from './examples'
import { useOpenApi } from './hooks'

type Language = 'curl' | 'javascript'

/** docs/product.md#api-page: start a sketch render and read its status, in curl and JavaScript. */
export function Examples({ apiKey }: { apiKey: string | null }) {
  const { t } = useTranslation('developers')
  const doc = useOpenApi()
  const [language, setLanguage] = useState<Language>('curl')
  const examples = useMemo(
    () => (doc.data ? buildExamples(doc.data, window.location.origin, apiKey ?? undefined) : null),
    [doc.data, apiKey],
  )
  return (
    <section aria-labelledby="examples-title" className="mt-12 min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="examples-title" className="text-lg font-semibold tracking-tight text-fg">
            {t('examples.title')}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-fg-muted">{t('examples.lead')}</p>
        </div>
        <Segmented
          label={t('examples.language')}
          value={language}
          onChange={setLanguage}
          size="sm"
          options={[
            { value: 'curl', label: 'curl' },
            { value: 'javascript', label: 'JavaScript' },
          ]}
        />
      </div>
      {examples ? (
        <div className="mt-5 grid min-w-0 grid-cols-1 gap-5">
          <div className="min-w-0">
            <h3 className="mb-2 text-sm font-medium text-fg">{t('examples.render')}</h3>
            <CodeBlock
              code={examples[language].render}
              label={t('examples.render')}
              testId="example-render"
            />
          </div>
          <div className="min-w-0">
            <h3 className="mb-2 text-sm font-medium text-fg">{t('examples.status')}</h3>
            <CodeBlock
              code={examples[language].status}
              label={t('examples.status')}
              testId="example-status"
            />
          </div>
        </div>
      ) : (
        <p className="mt-5 text-sm text-fg-muted">{doc.isError ? t('examples.unavailable') : t('loading')}</p>
      )}
      <p className="mt-4 text-sm text-fg-muted">
        {t('examples.reference')}{' '}
        <a dir="ltr" className="font-medium text-accent underline-offset-4 hover:underline" href="/api/docs">
          /api/docs
        </a>
      </p>
    </section>
  )
}
