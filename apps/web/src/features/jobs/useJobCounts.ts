import { type JobCounts, POLL_INTERVAL_MS } from '@parti/contract'
import { useQuery } from '@tanstack/react-query'
import { call } from '../../lib/api'
import { useLiveStatus } from './live'
import { useGalleryNotifications } from './notifications'

export const statsQueryKey = ['user', 'stats'] as const

export interface SidebarCounts extends JobCounts {
  /** results that finished while the user was away from the gallery */
  notifications: number
  total: number
}

const EMPTY: SidebarCounts = {
  chatEdit: 0,
  video: 0,
  sketchRender: 0,
  homeStaging: 0,
  notifications: 0,
  total: 0,
}

/**
 * Jobs in progress per kind, for the sidebar badges (docs/product.md#sidebar-badges). Server events
 * invalidate this query (useLiveJobs); while the event stream is down it polls every 5 s instead, as long as
 * anything is running.
 */
export function useJobCounts(): SidebarCounts {
  const live = useLiveStatus()
  const notifications = useGalleryNotifications()
  const { data } = useQuery({
    queryKey: statsQueryKey,
    queryFn: () => call('GET /user/stats'),
    select: (response) => response.stats,
    refetchInterval: (query) =>
      live !== 'open' && (query.state.data?.stats.totalInProgress ?? 0) > 0 ? POLL_INTERVAL_MS : false,
    staleTime: 10_000,
  })
  if (!data) return { ...EMPTY, notifications }
  return { ...data.inProgress, notifications, total: data.totalInProgress }
}
