import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { isApiError } from './api'

/**
 * One query cache for the app. Only lazily loaded screens import this module (the signed-in shell, the
 * sign-in dialog, the contact form), so TanStack Query stays off the landing page's first load; they all
 * share this client, and with it one cache.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors (4xx) will not change on retry; network blips and 5xx might.
      retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
})

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
