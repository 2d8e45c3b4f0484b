import type { ColorPalette, Style, StyleCategory } from '@parti/contract'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api'

// The catalogue changes only when an admin edits it: cache it for the session.
const CATALOG_STALE = 10 * 60_000

/** GET /api/styles?category (spec §7), all styles when no category is given. */
export function useStyles(category: string | null) {
  return useQuery({
    queryKey: ['catalog', 'styles', category ?? 'all'],
    queryFn: () =>
      api.get<{ styles: Style[] }>(category ? `/styles?category=${encodeURIComponent(category)}` : '/styles'),
    select: (r) => r.styles,
    staleTime: CATALOG_STALE,
  })
}

/** GET /api/styles/meta/categories */
export function useStyleCategories() {
  return useQuery({
    queryKey: ['catalog', 'categories'],
    queryFn: () => api.get<{ data: StyleCategory[] }>('/styles/meta/categories'),
    select: (r) => r.data,
    staleTime: CATALOG_STALE,
  })
}

/** GET /api/color-palettes */
export function usePalettes() {
  return useQuery({
    queryKey: ['catalog', 'palettes'],
    queryFn: () => api.get<{ colorPalettes: ColorPalette[] }>('/color-palettes'),
    select: (r) => r.colorPalettes,
    staleTime: CATALOG_STALE,
  })
}
