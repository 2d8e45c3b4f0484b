import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useProjects } from './api'

/**
 * The project a new job's results land in (docs/product.md#projects), chosen on the sketch, staging, video and
 * prep pages; `?project=<id>` (a project page's links) chooses it ahead. Nothing is shown without projects.
 */
export function useProjectChoice(): { projectId: string | null; picker: React.ReactNode } {
  const { t } = useTranslation('projects')
  const [params] = useSearchParams()
  const projects = useProjects()
  const [chosen, setChosen] = useState<string | null>(params.get('project'))
  const id = useId()
  const known = projects.data?.some((p) => p.id === chosen) ? chosen : null
  const picker = projects.data?.length ? (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {t('picker.label')}
      </label>
      <select
        id={id}
        className="h-9 w-full rounded-lg border border-border-strong bg-surface px-2 text-sm text-fg"
        value={known ?? ''}
        data-testid="job-project"
        onChange={(e) => setChosen(e.target.value || null)}
      >
        <option value="">{t('control.none')}</option>
        {projects.data.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  ) : null
  return { projectId: known, picker }
}
