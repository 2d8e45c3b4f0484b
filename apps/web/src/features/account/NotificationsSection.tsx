import type { AccountInfo } from '@parti/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Switch } from '../../components/ui/Switch'
import { useErrorText } from '../../lib/errors'
import { AccountSection } from './AccountSection'
import { accountKey, saveNotifications } from './api'

/** The optional mails (docs/product.md#account): "your video is ready", off until the user asks for it. */
export function NotificationsSection({ account }: { account: AccountInfo }) {
  const { t } = useTranslation('account')
  const id = useId()
  const qc = useQueryClient()
  const errorText = useErrorText()
  const save = useMutation({
    mutationFn: saveNotifications,
    onSuccess: async () => {
      toast.success(t('notifications.saved'))
      await qc.invalidateQueries({ queryKey: accountKey })
    },
    onError: (err) => toast.error(errorText(err)),
  })
  const checked = save.isPending ? (save.variables ?? account.notifyVideoReady) : account.notifyVideoReady
  return (
    <AccountSection id="notifications" title={t('notifications.title')} intro={t('notifications.intro')}>
      <Switch
        id={id}
        checked={checked}
        onChange={(value) => save.mutate(value)}
        label={t('notifications.videoReady')}
        description={t('notifications.videoReadyHint')}
      />
    </AccountSection>
  )
}
