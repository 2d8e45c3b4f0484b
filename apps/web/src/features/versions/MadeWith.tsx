import type { Generation } from '@parti/contract'
import { RotateCcw } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/Button'
import { useRunAgain } from './hooks'

/**
 * "Made with" (docs/product.md#recipe): everything that made the result, and "Run again" with the same seed on
 * its engine, or on the local engine when a hosted one made it.
 */
export function MadeWith({
  generation: g,
  onStarted,
}: {
  generation: Generation
  onStarted?: (g: Generation) => void
}) {
  const { t } = useTranslation('versions')
  const again = useRunAgain(onStarted)
  const r = g.recipe
  const finished = g.status === 'completed' || g.status === 'failed'
  const options = r ? Object.entries(r.options).filter(([, v]) => v !== null && v !== '' && !isEmpty(v)) : []
  return (
    <section className="flex flex-col gap-3" aria-labelledby="made-with-heading" data-testid="made-with">
      <h3 id="made-with-heading" className="text-[13px] font-semibold tracking-wide text-fg-subtle uppercase">
        {t('madeWith.title')}
      </h3>
      {!r ? (
        <p className="text-sm text-fg-muted">{t('madeWith.unknown')}</p>
      ) : (
        <dl className="grid grid-cols-[minmax(0,7rem)_1fr] gap-x-3 gap-y-2 text-sm">
          {r.steps.length > 0 && (
            <Item label={t('madeWith.engine')}>
              {r.steps.map((s) => (
                <span key={s.step} className="block" data-testid="made-with-engine">
                  <bdi dir="ltr">
                    {s.engine} · {s.model}
                  </bdi>
                </span>
              ))}
            </Item>
          )}
          {r.seed !== null && (
            <Item label={t('madeWith.seed')}>
              <span className="font-mono text-xs" data-testid="made-with-seed">
                {r.seed}
              </span>
            </Item>
          )}
          {r.prompt && (
            <Item label={t('madeWith.prompt')}>
              <span className="block text-xs break-words" dir="auto">
                {r.prompt}
              </span>
            </Item>
          )}
          {r.negativePrompt && (
            <Item label={t('madeWith.negative')}>
              <span className="block text-xs break-words" dir="auto">
                {r.negativePrompt}
              </span>
            </Item>
          )}
          {r.style && <Item label={t('madeWith.style')}>{r.style.name}</Item>}
          {r.palette && (
            <Item label={t('madeWith.palette')}>
              {r.palette.name}
              <Swatches colors={r.palette.colors} />
            </Item>
          )}
          {r.customColors?.length ? (
            <Item label={t('madeWith.customColors')}>
              <Swatches colors={r.customColors} />
            </Item>
          ) : null}
          {options.length > 0 && (
            <Item label={t('madeWith.options')}>
              {options.map(([k, v]) => (
                <span key={k} className="block font-mono text-[11px]">
                  <bdi dir="ltr">
                    {k}: {typeof v === 'string' ? v : JSON.stringify(v)}
                  </bdi>
                </span>
              ))}
            </Item>
          )}
          {r.maskUrl && <Item label={t('madeWith.mask')}>{t('madeWith.maskYes')}</Item>}
          {r.sourceGenerationId && (
            <Item label={t('madeWith.source')}>
              <span className="font-mono text-[11px]">
                <bdi dir="ltr">{r.sourceGenerationId}</bdi>
              </span>
            </Item>
          )}
          <Item label={t('madeWith.inputs')}>{t('madeWith.inputCount', { count: r.inputUrls.length })}</Item>
        </dl>
      )}
      {r && finished && (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={again.isPending}
            onClick={() => again.mutate({ id: g.id })}
            data-testid="run-again"
          >
            <RotateCcw aria-hidden />
            {t('madeWith.runAgain')}
          </Button>
          {r.engine && r.engine !== 'local' && (
            <Button
              size="sm"
              variant="ghost"
              disabled={again.isPending}
              onClick={() => again.mutate({ id: g.id, engine: 'local' })}
              data-testid="run-again-local"
            >
              {t('madeWith.runAgainOn', { engine: 'local' })}
            </Button>
          )}
        </div>
      )}
    </section>
  )
}

const isEmpty = (v: unknown) =>
  (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && !Object.keys(v).length)

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-fg-subtle">{label}</dt>
      <dd className="min-w-0 text-fg">{children}</dd>
    </>
  )
}

function Swatches({ colors }: { colors: string[] }) {
  return (
    <span className="mt-1 flex gap-1" aria-hidden>
      {colors.map((c) => (
        <span key={c} className="size-4 rounded border border-black/10" style={{ background: c }} />
      ))}
    </span>
  )
}
