import type { Generation } from '@parti/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { useErrorText } from '../../lib/errors'
import { useProjectMove, useProjects } from './api'

const select = 'h-8 max-w-full rounded-lg border border-border-strong bg-surface px-2 text-[13px] text-fg'

/** In a result's details: the project it is in, a move to another (or out), and a copy into one. */
export function ProjectControl({ generation: g }: { generation: Generation }) {
  const { t } = useTranslation('projects')
  const projects = useProjects()
  const move = useProjectMove()
  const errorText = useErrorText()
  const moveId = useId()
  const copyId = useId()
  if (!projects.data?.length) {
    return (
      <Link to="/projects" className="text-accent hover:underline">
        {t('control.create')}
      </Link>
    )
  }
  const run = (projectId: string | null, copy: boolean) =>
    move.mutate(
      { id: g.id, projectId, copy },
      {
        onSuccess: () => toast.success(copy ? t('control.copied') : t('control.moved')),
        onError: (e) => toast.error(errorText(e)),
      },
    )
  return (
    <span className="flex flex-wrap items-center gap-2">
      <label htmlFor={moveId} className="sr-only">
        {t('control.move')}
      </label>
      <select
        id={moveId}
        className={select}
        value={g.projectId ?? ''}
        disabled={move.isPending}
        data-testid="project-move"
        onChange={(e) => run(e.target.value || null, false)}
      >
        <option value="">{t('control.none')}</option>
        {projects.data.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      {g.status === 'completed' && (
        <>
          <label htmlFor={copyId} className="sr-only">
            {t('control.copy')}
          </label>
          <select
            id={copyId}
            className={select}
            value=""
            disabled={move.isPending}
            data-testid="project-copy"
            onChange={(e) => e.target.value && run(e.target.value, true)}
          >
            <option value="">{t('control.copy')}</option>
            {projects.data
              .filter((p) => p.id !== g.projectId)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
          </select>
        </>
      )}
    </span>
  )
}

/** The gallery's project filter: every project, or one. */
export function ProjectFilter({
  value,
  onChange,
  className,
}: {
  value: string | null
  onChange: (projectId: string | null) => void
  className?: string
}) {
  const { t } = useTranslation('projects')
  const projects = useProjects()
  const id = useId()
  if (!projects.data?.length) return null
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t('filter.label')}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
        data-testid="filter-project"
        className={className}
      >
        <option value="">{t('filter.all')}</option>
        {projects.data.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </>
  )
}
