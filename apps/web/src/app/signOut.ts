import { signOutEverywhere } from '../features/auth/session'
import { clearDrafts } from '../features/create/hooks/useDraft'
import { clearTrackedJobs } from '../features/jobs/tracker'
import { queryClient } from '../lib/queryClient'

/**
 * Signs out, and whatever the server answers, forgets everything this tab holds for the user: cached queries,
 * the jobs it tracks and the creation screens' drafts.
 */
export async function signOutAndForget(): Promise<void> {
  try {
    await signOutEverywhere()
  } finally {
    queryClient.clear()
    clearTrackedJobs()
    clearDrafts()
  }
}
