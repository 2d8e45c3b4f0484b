import type { Progress } from './progress.ts'

/** For synchronous providers (one long request): moves the progress curve while the request runs. */
export async function whileTicking<T>(progress: Progress, work: Promise<T>, everyMs = 1000): Promise<T> {
  const timer = setInterval(() => progress.running(), everyMs)
  try {
    return await work
  } finally {
    clearInterval(timer)
  }
}
