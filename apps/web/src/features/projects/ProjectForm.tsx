import { type Project, type ProjectInput, TEXT_LIMITS } from '@parti/contract'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/Button'
import { TextAreaField, TextField } from '../../components/ui/Field'
import { useBoards } from './api'

interface ProjectFormProps {
  project?: Project
  submitLabel: string
  pending: boolean
  onSubmit: (input: ProjectInput) => void
  onCancel: () => void
}

/**
 * A project's fields: name, address or reference, client, notes, the MLS board its exports follow, and whether
 * its exports need faces blurred even where the board does not ask (docs/decisions/0121-boards-requiring-privacy.md).
 */
export function ProjectForm({ project, submitLabel, pending, onSubmit, onCancel }: ProjectFormProps) {
  const { t } = useTranslation('projects')
  const boards = useBoards()
  const boardId = useId()
  const [name, setName] = useState(project?.name ?? '')
  const [reference, setReference] = useState(project?.reference ?? '')
  const [client, setClient] = useState(project?.client ?? '')
  const [notes, setNotes] = useState(project?.notes ?? '')
  const [board, setBoard] = useState(project?.boardId ?? '')
  const [privacy, setPrivacy] = useState(project?.privacyRequired ?? false)
  const boardAsks = !!boards.data?.find((b) => b.id === board)?.privacyRequired
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return
    onSubmit({ name, reference, client, notes, boardId: board || null, privacyRequired: privacy })
  }
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" data-testid="project-form">
      <TextField
        label={t('fields.name')}
        value={name}
        required
        maxLength={TEXT_LIMITS.name}
        onChange={(e) => setName(e.target.value)}
        data-testid="project-name"
      />
      <TextField
        label={t('fields.reference')}
        value={reference}
        maxLength={TEXT_LIMITS.subject}
        onChange={(e) => setReference(e.target.value)}
      />
      <TextField
        label={t('fields.client')}
        value={client}
        maxLength={TEXT_LIMITS.name}
        onChange={(e) => setClient(e.target.value)}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={boardId} className="text-[13px] font-medium text-fg">
          {t('fields.board')}
        </label>
        <select
          id={boardId}
          value={board}
          onChange={(e) => setBoard(e.target.value)}
          data-testid="project-board"
          className="h-10 rounded-lg border border-border-strong bg-surface px-3 text-sm text-fg"
        >
          <option value="">{t('fields.noBoard')}</option>
          {boards.data?.map((b) => (
            <option key={b.id} value={b.id}>
              {b.region ? `${b.name} (${b.region})` : b.name}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2">
        <label className="inline-flex items-center gap-2 text-sm text-fg">
          <input
            type="checkbox"
            className="size-4 accent-accent"
            checked={privacy || boardAsks}
            disabled={boardAsks}
            onChange={(e) => setPrivacy(e.target.checked)}
            data-testid="project-privacy"
          />
          {t('fields.privacy')}
        </label>
        <p className="mt-1 ps-6 text-xs text-fg-muted">
          {boardAsks ? t('fields.privacyByBoard') : t('fields.privacyHint')}
        </p>
      </div>
      <TextAreaField
        label={t('fields.notes')}
        value={notes}
        maxLength={TEXT_LIMITS.message}
        rows={3}
        onChange={(e) => setNotes(e.target.value)}
        className="sm:col-span-2"
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={pending || !name.trim()} data-testid="project-save">
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  )
}
