import { type Ask, type Generation, materialName } from '@parti/contract'
import type { TFunction } from 'i18next'
import { Check, CircleSlash, Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import { type NoteLine, noteLines } from '../notes'
import { FailureReason } from './FailureReason'

type T = TFunction<['create', 'staging', 'sketch', 'video', 'chat']>

/** The name of a field or option in the UI language (its label on the screen that asks for it). */
function askLabel(t: T, ask: Ask): string {
  const [head, tail] = ask.split('.') as [string, string | undefined]
  if (head === 'stagingOption') return t(`staging:options.${tail}.name` as never)
  if (head === 'angle') return t(`sketch:angles.${tail}` as never)
  if (head === 'camera') return t(`video:moves.${tail}.name` as never)
  if (head === 'duration') return t('video:duration.seconds', { n: tail })
  return t(`create:asks.${ask}` as never)
}

/** The user's own words, isolated (FSI…PDI) so English words read right inside an Arabic sentence and back. */
const isolate = (words: string) => `\u2068${words}\u2069`

/**
 * A note's parameters in the UI language: a material's name from the library, the surface and how its
 * perspective was found (docs/decisions/0120-repaint-materials.md); other values as they are.
 */
function noteParams(t: T, language: string, params: Record<string, string | number>) {
  const out = { ...params }
  if (typeof params.material === 'string') out.material = materialName(params.material, language)
  if (typeof params.surface === 'string')
    out.surface = t([`create:notes.surfaces.${params.surface}` as never, params.surface as never])
  if (typeof params.perspective === 'string')
    out.perspective = t([
      `create:notes.perspectives.${params.perspective}` as never,
      params.perspective as never,
    ])
  return out
}

function lineText(t: T, line: NoteLine, language: string): string {
  switch (line.kind) {
    case 'phase':
      return t(`create:notes.phase.${line.status}`, {
        phase: t(`create:notes.phases.${line.phase}` as never),
      })
    case 'skipped':
      return t('create:notes.skipped', {
        what: askLabel(t, line.ask),
        why: line.reason ? t(`create:support.reasons.${line.reason}`) : t('create:notes.notOnEngine'),
      })
    case 'approximated':
      return t('create:notes.approximated', {
        what: askLabel(t, line.ask),
        why: line.reason
          ? t(`create:support.reasons.${line.reason}`)
          : t('create:notes.approximatedOnEngine'),
      })
    case 'note':
      return t(`create:notes.ids.${line.id}`, noteParams(t, language, line.params ?? {}))
    case 'text':
      return line.text
    case 'refused':
      return t('chat:refused.line', {
        words: isolate(line.words),
        reason: t([`chat:refused.reasons.${line.reason}` as never, 'chat:refused.reasons.not-understood']),
      })
    case 'kept':
      return t('chat:refused.kept', { words: isolate(line.words) })
  }
}

/**
 * What a result says about itself (docs/product.md#result-notes): the phases that did not complete, what was
 * asked and not done with why, the engine's notes, and Ask Parti's refused and kept parts, in the UI
 * language. Shown on the result card, in the gallery's details and in the chat reply.
 */
export function ResultNotes({
  generation,
  className,
}: {
  generation: Pick<Generation, 'metadata'> & { status?: Generation['status'] }
  className?: string
}) {
  const { t, i18n } = useTranslation(['create', 'staging', 'sketch', 'video', 'chat'])
  const lines = noteLines(generation)
  if (!lines.length) return null
  const m = generation.metadata
  // a later phase failed after an earlier one was delivered: why, in the UI language, under the phase lines
  const phaseFailed = lines.some((l) => l.kind === 'phase' && l.status === 'failed')
  const why = phaseFailed && generation.status !== 'failed' && (m.failure?.length || m.note)
  return (
    <>
      <NoteList lines={lines} t={t as T} language={i18n.resolvedLanguage ?? 'en'} className={className} />
      {why ? (
        <FailureReason
          generation={{ error: m.note ?? null, errorCode: null, metadata: { failure: m.failure } }}
          className="text-xs"
        />
      ) : null}
    </>
  )
}

function NoteList({
  lines,
  t,
  language,
  className,
}: {
  lines: NoteLine[]
  t: T
  language: string
  className?: string
}) {
  return (
    <ul className={cn('flex flex-col gap-1.5 text-xs leading-snug', className)} data-testid="result-notes">
      {lines.map((line, i) => {
        const negative =
          line.kind === 'skipped' ||
          line.kind === 'refused' ||
          (line.kind === 'phase' && line.status !== 'completed')
        const Icon = negative ? CircleSlash : line.kind === 'kept' || line.kind === 'phase' ? Check : Info
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rebuilt whole from the metadata
          <li key={i} className="flex items-start gap-1.5 text-fg" data-kind={line.kind} dir="auto">
            <Icon
              className={cn('mt-px size-3.5 shrink-0', negative ? 'text-danger' : 'text-fg-subtle')}
              aria-hidden
            />
            <span>{lineText(t, line, language)}</span>
          </li>
        )
      })}
    </ul>
  )
}
