import type { Generation, ProjectSource } from '@parti/contract'
import type { TFunction } from 'i18next'
import { ArrowLeft, Images, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { toast } from 'sonner'
import { Button } from '../../components/ui/Button'
import { ConfirmDialog } from '../../components/ui/ConfirmDialog'
import { EmptyState } from '../../components/ui/EmptyState'
import { Page } from '../../components/ui/Page'
import { Spinner } from '../../components/ui/Spinner'
import { Switch } from '../../components/ui/Switch'
import { useErrorText } from '../../lib/errors'
import { useBoards, useDeleteProject, useProject, usePublishProject, useSaveProject } from './api'
import { BrandedExports } from './BrandKit'
import { ExportPanel } from './ExportPanel'
import { ListingPanel } from './ListingPanel'
import { ProjectForm } from './ProjectForm'

/**
 * /projects/:id (docs/product.md#projects): the project's facts, and each source photo with its versions
 * (cleaned, staged, videos) side by side.
 */
export default function ProjectPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('projects')
  const project = useProject(id)
  const boards = useBoards()
  const save = useSaveProject(id)
  const publish = usePublishProject(id)
  const remove = useDeleteProject()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const [editing, setEditing] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)

  if (project.isPending) return <Spinner />
  if (project.isError)
    return (
      <Page>
        <p className="text-sm text-danger">{t('loadFailed')}</p>
      </Page>
    )
  const { project: p, sources } = project.data
  const board = boards.data?.find((b) => b.id === p.boardId)

  return (
    <Page className="max-w-6xl">
      <Link
        to="/projects"
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-fg-muted hover:text-fg"
      >
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
        {t('back')}
      </Link>
      {editing ? (
        <div className="mb-8 rounded-xl border border-border bg-surface p-4 shadow-card sm:p-6">
          <ProjectForm
            project={p}
            submitLabel={t('save')}
            pending={save.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={(input) =>
              save.mutate(input, {
                onSuccess: () => {
                  setEditing(false)
                  toast.success(t('saved'))
                },
                onError: (e) => toast.error(errorText(e)),
              })
            }
          />
        </div>
      ) : (
        <header className="mb-8 flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1
              dir="auto"
              className="text-2xl font-semibold tracking-tight text-fg"
              data-testid="project-title"
            >
              {p.name}
            </h1>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {p.reference && <Fact label={t('fields.reference')} value={p.reference} />}
              {p.client && <Fact label={t('fields.client')} value={p.client} />}
              <Fact label={t('fields.board')} value={board ? board.name : t('fields.noBoard')} />
            </dl>
            {p.notes && (
              <p dir="auto" className="mt-2 max-w-prose text-start text-sm whitespace-pre-wrap text-fg-muted">
                {p.notes}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Link
              to={`/gallery?project=${p.id}`}
              className="inline-flex h-9 items-center gap-2 rounded-lg border border-border-strong bg-surface px-4 text-sm text-fg shadow-card hover:bg-surface-2"
            >
              <Images className="size-4" aria-hidden />
              {t('openGallery')}
            </Link>
            <Button variant="outline" onClick={() => setEditing(true)} data-testid="project-edit">
              {t('edit')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirmDelete(true)} aria-label={t('delete.action')}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        </header>
      )}
      <section className="mb-8 grid gap-4 rounded-xl border border-border bg-surface p-4 shadow-card sm:p-6">
        <Switch
          id="project-published"
          checked={p.published}
          label={t('published.label')}
          description={t('published.hint')}
          onChange={(published) => publish.mutate(published, { onError: (e) => toast.error(errorText(e)) })}
        />
        <ExportPanel project={p} board={board ?? null} />
        <BrandedExports sources={sources} />
      </section>
      <ListingPanel projectId={p.id} sources={sources} />
      <h2 className="mb-3 text-lg font-semibold text-fg">{t('sources.heading')}</h2>
      {sources.length === 0 ? (
        <EmptyState icon={Images} title={t('sources.empty.title')} body={t('sources.empty.body')} />
      ) : (
        <ul className="flex flex-col gap-6" data-testid="project-sources">
          {sources.map((s, i) => (
            <SourceRow key={s.inputUrl ?? s.versions[0]?.id ?? i} source={s} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('delete.title')}
        description={p.published ? t('delete.publishedBody') : t('delete.body')}
        confirmLabel={t('delete.action')}
        cancelLabel={t('cancel')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(p.id, {
            onSuccess: () => navigate('/projects'),
            onError: (e) => toast.error(errorText(e)),
          })
        }
      />
    </Page>
  )
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-fg-subtle">{label}</dt>
      {/* beside its label in either direction; the value's own direction kept inside */}
      <dd className="min-w-0 truncate text-start text-fg">
        <bdi>{value}</bdi>
      </dd>
    </>
  )
}

/** One source photo, then every version made from it, in a row that scrolls sideways on a phone. */
function SourceRow({ source }: { source: ProjectSource }) {
  const { t } = useTranslation(['projects', 'gallery'])
  return (
    <li className="rounded-xl border border-border bg-surface p-3 shadow-card">
      <div className="flex gap-3 overflow-x-auto pb-1">
        {source.inputUrl && <Tile label={t('versions.original')} image={source.inputUrl} />}
        {source.versions.flatMap((g) => versionTiles(g, t))}
      </div>
    </li>
  )
}

function versionTiles(g: Generation, t: TFunction<['projects', 'gallery']>) {
  const link = `/gallery?item=${g.id}`
  if (g.status !== 'completed')
    return [
      <Tile key={g.id} label={t(`versions.${g.status === 'failed' ? 'failed' : 'running'}`)} link={link} />,
    ]
  if (g.type === 'video')
    return [<Tile key={g.id} label={t('versions.video')} video={g.outputVideoUrl} link={link} />]
  const tiles = []
  if (g.metadata.cleanedImageUrl)
    tiles.push(
      <Tile key={`${g.id}-c`} label={t('versions.cleaned')} image={g.metadata.cleanedImageUrl} link={link} />,
    )
  // a staging job that ran its cleaning step alone (a whole listing's "Clean") made a cleaned room
  const cleanedOnly = g.mode === 'staging' && g.metadata.steps && !g.metadata.steps.includes('staging-stage')
  // any other result is named by its kind ("Better light", "New sky"), as the gallery names it
  const label = cleanedOnly
    ? t('versions.cleaned')
    : g.mode === 'staging'
      ? t('versions.staged')
      : t(`gallery:kinds.${g.mode}` as never, { defaultValue: t('versions.edited') })
  tiles.push(<Tile key={g.id} label={label} image={g.thumbnailUrl ?? g.outputImageUrl} link={link} />)
  return tiles
}

function Tile({
  label,
  image,
  video,
  link,
}: {
  label: string
  image?: string | null
  video?: string | null
  link?: string
}) {
  const media = video ? (
    <video src={video} muted playsInline preload="metadata" controls className="size-full object-cover" />
  ) : image ? (
    <img src={image} alt={label} loading="lazy" className="size-full object-cover" />
  ) : (
    <span className="grid size-full place-items-center">
      <Spinner />
    </span>
  )
  return (
    <figure className="w-44 shrink-0 sm:w-56" data-testid="project-version">
      <div className="aspect-[4/3] overflow-hidden rounded-lg bg-surface-2">
        {link && !video ? (
          <Link to={link} className="block size-full">
            {media}
          </Link>
        ) : (
          media
        )}
      </div>
      <figcaption className="mt-1 text-xs font-medium text-fg-muted">{label}</figcaption>
    </figure>
  )
}
