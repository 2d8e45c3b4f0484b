import { ENGINE_NAMES, type EngineId, type Generation } from '@parti/contract'
import { Cpu } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../../components/ui/Badge'
import { KIND_UI } from '../../jobs/kinds'

/**
 * docs/decisions/0029-engines-local-and-hosted.md: every result names the engine that made it. The built-in
 * engine says plainly what it is: a presentation render, a draft view, classic image processing, a camera
 * move; never a photograph.
 */
export function EngineNote({
  generation,
  compact,
}: {
  generation: Pick<Generation, 'engine' | 'model' | 'mode' | 'metadata'>
  /** one line: the draft badge for a draft view, else the engine's name */
  compact?: boolean
}) {
  const { t } = useTranslation('create')
  if (!generation.engine) return null
  const local = generation.engine === 'local'
  const draft = generation.metadata.draft === true
  // a repaint that laid a material draws its texture: said as such (docs/decisions/0120-repaint-materials.md)
  const material = generation.metadata.notes?.some((n) => typeof n !== 'string' && n.id === 'material_laid')
  const what = local
    ? t(`engine.${draft ? 'localDraft' : material ? 'localMaterial' : KIND_UI[generation.mode].localResult}`)
    : generation.model
  if (compact && draft) return <Badge tone="neutral">{t('engine.draftBadge')}</Badge>
  return (
    <p
      className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-muted"
      data-testid="engine-note"
    >
      <Cpu className="size-3.5 shrink-0 text-fg-subtle" aria-hidden />
      <span className="font-medium text-fg">
        {local ? t('engine.local') : (ENGINE_NAMES[generation.engine as EngineId] ?? generation.engine)}
      </span>
      {draft && <Badge tone="neutral">{t('engine.draftBadge')}</Badge>}
      {what && !compact && <span className="min-w-0">{what}</span>}
    </p>
  )
}
