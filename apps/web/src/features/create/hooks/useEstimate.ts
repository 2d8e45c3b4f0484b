import type { GenerationMode } from '@parti/contract'
import { useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api'
import { estimatesQueryKey } from '../../jobs/keys'

export interface Estimate {
  medianMs: number
  samples: number
}

/**
 * docs/decisions/0016-measured-processing-time-estimates.md: the median wait of the user's last completed
 * jobs of this kind, on the engine with the most of them; null before there is history (the screen then shows
 * its plain default).
 */
export function useEstimate(mode: GenerationMode): Estimate | null {
  const { data } = useQuery({
    queryKey: estimatesQueryKey,
    queryFn: () => call('GET /user/estimates'),
    staleTime: 60_000,
  })
  const best = (data?.estimates ?? []).filter((e) => e.mode === mode).sort((a, b) => b.samples - a.samples)[0]
  return best ? { medianMs: best.medianMs, samples: best.samples } : null
}
