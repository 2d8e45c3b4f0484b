import type { ProjectInput } from '@parti/contract'
import { FolderKanban, Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Button } from '../../components/ui/Button'
import { EmptyState } from '../../components/ui/EmptyState'
import { Page } from '../../components/ui/Page'
import { Spinner } from '../../components/ui/Spinner'
import { useErrorText } from '../../lib/errors'
import { useProjects, useSaveProject } from './api'
import { BrandKitPanel } from './BrandKit'
import { ProjectForm } from './ProjectForm'

/** /projects (docs/product.md#projects): a user's listings and design jobs, and a new one. */
export default function ProjectsPage() {
  const { t } = useTranslation('projects')
  const projects = useProjects()
  const save = useSaveProject(null)
  const errorText = useErrorText()
  const navigate = useNavigate()
  const [creating, setCreating] = useState(false)

  const create = (input: ProjectInput) =>
    save.mutate(input, {
      onSuccess: (r) => {
        toast.success(t('created'))
        navigate(`/projects/${r.project.id}`)
      },
      onError: (e) => toast.error(errorText(e)),
    })

  return (
    <Page>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-fg">{t('heading')}</h1>
          <p className="mt-1 max-w-prose text-sm text-fg-muted">{t('intro')}</p>
        </div>
        {!creating && (
          <Button onClick={() => setCreating(true)} data-testid="project-new">
            <Plus aria-hidden />
            {t('new')}
          </Button>
        )}
      </div>
      {creating && (
        <div className="mb-8 rounded-xl border border-border bg-surface p-4 shadow-card sm:p-6">
          <ProjectForm
            submitLabel={t('create')}
            pending={save.isPending}
            onSubmit={create}
            onCancel={() => setCreating(false)}
          />
        </div>
      )}
      {projects.isPending ? (
        <Spinner />
      ) : projects.isError ? (
        <p className="text-sm text-danger">{t('loadFailed')}</p>
      ) : projects.data.length === 0 ? (
        <EmptyState icon={FolderKanban} title={t('empty.title')} body={t('empty.body')} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="project-list">
          {projects.data.map((p) => (
            <li key={p.id}>
              <Link
                to={`/projects/${p.id}`}
                className="block overflow-hidden rounded-xl border border-border bg-surface shadow-card transition-colors hover:border-border-strong"
              >
                <div className="aspect-[4/3] bg-surface-2">
                  {p.coverUrl && (
                    <img src={p.coverUrl} alt="" loading="lazy" className="size-full object-cover" />
                  )}
                </div>
                <div className="p-3">
                  <p dir="auto" className="truncate text-start font-medium text-fg">
                    {p.name}
                  </p>
                  {p.reference && <p className="truncate text-sm text-fg-muted">{p.reference}</p>}
                  <p className="mt-1 text-xs text-fg-subtle">
                    {t('count', { count: p.generations })}
                    {p.client ? ` · ${p.client}` : ''}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <BrandKitPanel />
    </Page>
  )
}
