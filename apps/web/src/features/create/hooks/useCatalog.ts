import { useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api'

// The catalogue changes only when an admin edits it: cache it for the session.
const CATALOG_STALE = 10 * 60_000

/** GET /api/styles?category (docs/product.md#api-catalog), all styles when no category is given. */
export function useStyles(category: string | null) {
  return useQuery({
    queryKey: ['catalog', 'styles', category ?? 'all'],
    queryFn: () => call('GET /styles', { query: category ? { category } : {} }),
    select: (r) => r.styles,
    staleTime: CATALOG_STALE,
  })
}

/** GET /api/styles/meta/categories */
export function useStyleCategories() {
  return useQuery({
    queryKey: ['catalog', 'categories'],
    queryFn: () => call('GET /styles/meta/categories'),
    select: (r) => r.data,
    staleTime: CATALOG_STALE,
  })
}

/** GET /api/color-palettes */
export function usePalettes() {
  return useQuery({
    queryKey: ['catalog', 'palettes'],
    queryFn: () => call('GET /color-palettes'),
    select: (r) => r.colorPalettes,
    staleTime: CATALOG_STALE,
  })
}
