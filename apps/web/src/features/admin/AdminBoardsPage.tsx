import {
  FORBIDDEN_EDITS,
  type ForbiddenEdit,
  MLS_LABEL_RULES,
  type MlsBoard,
  ORIGINAL_PLACEMENTS,
  TEXT_LIMITS,
} from '@parti/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/Button'
import { TextField } from '../../components/ui/Field'
import { call } from '../../lib/api'
import { useErrorText } from '../../lib/errors'
import { AdminHeader } from './components/AdminHeader'
import { ListSkeleton, LoadError } from './components/LoadStates'
import { RequireAdmin } from './RequireAdmin'

/** /admin/boards (docs/mls.md): each MLS board's rules for altered photos, with where they come from. */
export default function AdminBoardsPage() {
  return (
    <RequireAdmin>
      <BoardsScreen />
    </RequireAdmin>
  )
}

const boardsKey = ['mls-boards'] as const

function BoardsScreen() {
  const { t } = useTranslation('admin')
  const boards = useQuery({
    queryKey: boardsKey,
    queryFn: ({ signal }) => call('GET /mls-boards', { signal }),
    select: (r) => r.boards,
  })
  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 pt-5 pb-12 sm:px-6 lg:px-8 lg:pt-7">
      <AdminHeader heading={t('boards.heading')} intro={t('boards.intro')} />
      {boards.isPending ? (
        <ListSkeleton rows={4} />
      ) : boards.isError ? (
        <LoadError message={t('boards.loadFailed')} onRetry={() => void boards.refetch()} />
      ) : (
        <ul className="flex flex-col gap-4">
          {boards.data.map((b) => (
            <li key={b.id}>
              <BoardForm board={b} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

const selectClass = 'h-10 rounded-lg border border-border-strong bg-surface px-3 text-sm text-fg'

function BoardForm({ board }: { board: MlsBoard }) {
  const { t } = useTranslation('admin')
  const client = useQueryClient()
  const errorText = useErrorText()
  const ids = { label: useId(), original: useId() }
  const [draft, setDraft] = useState(board)
  const set = <K extends keyof MlsBoard>(key: K, value: MlsBoard[K]) =>
    setDraft((d) => ({ ...d, [key]: value }))
  const save = useMutation({
    mutationFn: ({ id, ...body }: MlsBoard) => call('PUT /admin/mls-boards/{id}', { params: { id }, body }),
    onSuccess: () => {
      toast.success(t('boards.saved'))
      return client.invalidateQueries({ queryKey: boardsKey })
    },
    onError: (e) => toast.error(errorText(e)),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate(draft)
  }
  const toggleEdit = (edit: ForbiddenEdit, on: boolean) =>
    set(
      'forbiddenEdits',
      on ? [...draft.forbiddenEdits, edit] : draft.forbiddenEdits.filter((x) => x !== edit),
    )
  return (
    <form
      onSubmit={submit}
      className="grid gap-4 rounded-xl border border-border bg-surface p-4 shadow-card sm:grid-cols-2 sm:p-5"
      data-testid={`board-${board.id}`}
    >
      <h3 className="text-base font-semibold text-fg sm:col-span-2">
        {board.name}
        {board.region && <span className="ms-2 text-sm font-normal text-fg-muted">{board.region}</span>}
      </h3>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.label} className="text-[13px] font-medium text-fg">
          {t('boards.fields.label')}
        </label>
        <select
          id={ids.label}
          className={selectClass}
          value={draft.label}
          onChange={(e) => set('label', e.target.value as MlsBoard['label'])}
        >
          {MLS_LABEL_RULES.map((r) => (
            <option key={r} value={r}>
              {t(`boards.label.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t('boards.fields.labelText')}
        value={draft.labelText}
        maxLength={TEXT_LIMITS.name}
        onChange={(e) => set('labelText', e.target.value)}
      />
      <TextField
        label={t('boards.fields.labelHeight')}
        type="number"
        min={0}
        max={25}
        step={0.5}
        value={Math.round(draft.labelHeightShare * 1000) / 10}
        onChange={(e) => set('labelHeightShare', Number(e.target.value) / 100)}
      />
      <TextField
        label={t('boards.fields.caption')}
        value={draft.captionText}
        maxLength={TEXT_LIMITS.subject}
        onChange={(e) => set('captionText', e.target.value)}
      />
      <TextField
        label={t('boards.fields.remarks')}
        value={draft.remarksPrefix}
        maxLength={TEXT_LIMITS.subject}
        onChange={(e) => set('remarksPrefix', e.target.value)}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.original} className="text-[13px] font-medium text-fg">
          {t('boards.fields.original')}
        </label>
        <select
          id={ids.original}
          className={selectClass}
          value={draft.originalPlacement}
          onChange={(e) => set('originalPlacement', e.target.value as MlsBoard['originalPlacement'])}
        >
          {ORIGINAL_PLACEMENTS.map((p) => (
            <option key={p} value={p}>
              {t(`boards.original.${p}`)}
            </option>
          ))}
        </select>
      </div>
      <Check
        label={t('boards.fields.originalLink')}
        checked={draft.originalLink}
        onChange={(v) => set('originalLink', v)}
      />
      <Check label={t('boards.fields.qr')} checked={draft.qrAllowed} onChange={(v) => set('qrAllowed', v)} />
      <div className="sm:col-span-2">
        <Check
          label={t('boards.fields.privacy')}
          checked={draft.privacyRequired}
          onChange={(v) => set('privacyRequired', v)}
          testId={`board-${board.id}-privacy`}
        />
        <p className="mt-1 ps-6 text-xs text-fg-muted">{t('boards.fields.privacyHint')}</p>
      </div>
      <fieldset className="sm:col-span-2">
        <legend className="mb-1.5 text-[13px] font-medium text-fg">{t('boards.fields.forbidden')}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {FORBIDDEN_EDITS.map((e) => (
            <Check
              key={e}
              label={t(`boards.edits.${e}`)}
              checked={draft.forbiddenEdits.includes(e)}
              onChange={(on) => toggleEdit(e, on)}
            />
          ))}
        </div>
      </fieldset>
      <TextField
        label={t('boards.fields.source')}
        value={draft.source}
        required
        maxLength={TEXT_LIMITS.subject}
        onChange={(e) => set('source', e.target.value)}
      />
      <TextField
        label={t('boards.fields.checkedAt')}
        type="date"
        value={draft.checkedAt}
        required
        onChange={(e) => set('checkedAt', e.target.value)}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {t('boards.save')}
        </Button>
      </div>
    </form>
  )
}

function Check({
  label,
  checked,
  onChange,
  testId,
}: {
  label: string
  checked: boolean
  onChange: (on: boolean) => void
  testId?: string
}) {
  return (
    <label className="inline-flex items-center gap-2 text-sm text-fg">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4"
        data-testid={testId}
      />
      {label}
    </label>
  )
}
