import { useRef, useState } from 'react'
import { type StartJobInput, type UseStartJobOptions, useStartJob } from '../useStartJob'

/** On a phone the result sits under the form: bring it into view once a job has started. */
export function scrollToResultOnPhone() {
  if (window.matchMedia('(max-width: 1023px)').matches)
    document.getElementById('result')?.scrollIntoView({ behavior: 'smooth', block: 'start' })
}

/**
 * A tool page that starts one request at a time and shows what it made: the results shown, the last request
 * kept for Retry, and the result brought into view on a phone. `submit` answers whether the job started.
 */
export function useResultJob(options: UseStartJobOptions) {
  const job = useStartJob(options)
  const [ids, setIds] = useState<string[]>([])
  const lastRequest = useRef<StartJobInput | null>(null)

  const submit = async (request: StartJobInput): Promise<boolean> => {
    lastRequest.current = request
    const started = await job.start(request)
    if (!started) return false
    setIds(started.generations.map((g) => g.id))
    scrollToResultOnPhone()
    return true
  }
  const retry = () => {
    if (lastRequest.current) void submit(lastRequest.current)
  }
  return { job, ids, setIds, submit, retry }
}
