import { type JobCounts, POLL_INTERVAL_MS, type UserStats } from '@parti/contract'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../lib/api'

export const statsQueryKey = ['user', 'stats'] as const

export interface SidebarCounts extends JobCounts {
  /** Gallery notifications; no source yet, so always 0. */
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
 * Jobs in progress per kind, for the sidebar badges (spec §2). Polls while anything is in progress; the
 * live-updates issue will patch this query from server events instead.
 */
export function useJobCounts(): SidebarCounts {
  const { data } = useQuery({
    queryKey: statsQueryKey,
    queryFn: () => api.get<{ stats: UserStats }>('/user/stats'),
    select: (response) => response.stats,
    refetchInterval: (query) =>
      (query.state.data?.stats.totalInProgress ?? 0) > 0 ? POLL_INTERVAL_MS : false,
    staleTime: 10_000,
  })
  if (!data) return EMPTY
  return { ...data.inProgress, notifications: 0, total: data.totalInProgress }
}
