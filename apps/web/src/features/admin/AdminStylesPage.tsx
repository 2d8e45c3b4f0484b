import type { AdminStyle } from '@parti/contract'
import { Eraser, Palette, Plus, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/Button'
import { ConfirmDialog } from '../../components/ui/ConfirmDialog'
import { EmptyState } from '../../components/ui/EmptyState'
import { AdminHeader } from './components/AdminHeader'
import { ListSkeleton, LoadError } from './components/LoadStates'
import { StyleEditorDialog } from './components/StyleEditorDialog'
import { StyleList } from './components/StyleList'
import {
  useAdminStyles,
  useCleanUpStyles,
  useDeleteStyle,
  useInitializeStyles,
  useReorderStyles,
} from './hooks/useAdminStyles'
import { RequireAdmin } from './RequireAdmin'
import { groupByCategory } from './reorder'

/**
 * Style management (docs/product.md#admin-styles): create, edit, save, initialise defaults, clean up ids,
 * upload, reorder.
 */
export default function AdminStylesPage() {
  return (
    <RequireAdmin>
      <StylesScreen />
    </RequireAdmin>
  )
}

function StylesScreen() {
  const { t } = useTranslation('admin')
  const styles = useAdminStyles()
  const remove = useDeleteStyle()
  const initialize = useInitializeStyles()
  const cleanUp = useCleanUpStyles()
  const reorder = useReorderStyles()
  const [editing, setEditing] = useState<{ style: AdminStyle | null } | null>(null)
  const [deleting, setDeleting] = useState<AdminStyle | null>(null)
  const [confirming, setConfirming] = useState<'initialize' | 'cleanup' | null>(null)

  const groups = styles.data ? groupByCategory(styles.data.styles, styles.data.categories) : []
  const restore = (
    <Button variant="outline" onClick={() => setConfirming('initialize')} data-testid="initialize-styles">
      <RotateCcw aria-hidden />
      {t('styles.initialize')}
    </Button>
  )

  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 pt-5 pb-12 sm:px-6 lg:px-8 lg:pt-7">
      <AdminHeader
        heading={t('styles.heading')}
        intro={t('styles.intro')}
        actions={
          <>
            {restore}
            <Button variant="outline" onClick={() => setConfirming('cleanup')} data-testid="cleanup-styles">
              <Eraser aria-hidden />
              {t('styles.cleanup')}
            </Button>
            <Button onClick={() => setEditing({ style: null })} data-testid="new-style">
              <Plus aria-hidden />
              {t('styles.new')}
            </Button>
          </>
        }
      />

      {styles.isPending ? (
        <ListSkeleton />
      ) : styles.isError ? (
        <LoadError onRetry={() => void styles.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState icon={Palette} title={t('styles.emptyTitle')} body={t('styles.emptyBody')}>
          <div className="mt-6">{restore}</div>
        </EmptyState>
      ) : (
        <StyleList
          groups={groups}
          onEdit={(style) => setEditing({ style })}
          onDelete={setDeleting}
          onReorder={reorder}
        />
      )}

      {editing && (
        <StyleEditorDialog
          style={editing.style}
          categories={styles.data?.categories ?? []}
          defaultCategory={groups[0]?.category.name ?? ''}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('styles.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('styles.deleteBody')}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
        preview={
          deleting?.imageUrl ? (
            <img
              src={deleting.imageUrl}
              alt=""
              className="h-12 w-16 rounded-lg object-cover ring-1 ring-border"
            />
          ) : undefined
        }
      />
      <ConfirmDialog
        open={confirming === 'initialize'}
        onOpenChange={(open) => !open && setConfirming(null)}
        tone="primary"
        title={t('styles.initializeTitle')}
        description={t('styles.initializeBody')}
        confirmLabel={t('styles.initialize')}
        cancelLabel={t('actions.cancel')}
        pending={initialize.isPending}
        onConfirm={() => initialize.mutate(undefined, { onSettled: () => setConfirming(null) })}
      />
      <ConfirmDialog
        open={confirming === 'cleanup'}
        onOpenChange={(open) => !open && setConfirming(null)}
        tone="primary"
        title={t('styles.cleanupTitle')}
        description={t('styles.cleanupBody')}
        confirmLabel={t('styles.cleanup')}
        cancelLabel={t('actions.cancel')}
        pending={cleanUp.isPending}
        onConfirm={() => cleanUp.mutate(undefined, { onSettled: () => setConfirming(null) })}
      />
    </div>
  )
}
