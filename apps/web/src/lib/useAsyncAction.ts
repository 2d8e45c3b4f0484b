import { useCallback, useState } from 'react'

interface AsyncActionState {
  isPending: boolean
  error: unknown
}

/** A submit handler's pending and error state, for forms that live outside the query cache. */
export function useAsyncAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [state, setState] = useState<AsyncActionState>({ isPending: false, error: null })
  const run = useCallback(
    async (...args: A): Promise<R | undefined> => {
      setState({ isPending: true, error: null })
      try {
        const result = await action(...args)
        setState({ isPending: false, error: null })
        return result
      } catch (error) {
        setState({ isPending: false, error })
        return undefined
      }
    },
    [action],
  )
  return { run, isPending: state.isPending, error: state.error, isError: state.error !== null }
}
