import { GENERATION_MODES, type GenerationMode, type RouteQuery } from '@parti/contract'
import type { GenerationFilters } from '../jobs/keys'

/** docs/product.md#gallery: the gallery's tabs, each a filter the server applies. */
export const GALLERY_TABS = ['all', 'images', 'videos', 'favorites'] as const
export type GalleryTab = (typeof GALLERY_TABS)[number]

/** Date filter: a few presets plus a custom range of calendar days (the user's own time zone). */
export const DATE_PRESETS = ['any', 'today', 'week', 'month', 'year', 'custom'] as const
type DatePreset = (typeof DATE_PRESETS)[number]

/** What the gallery's address says: /gallery?tab=videos&q=villa&kind=animate&date=custom&from=…&to=… */
export interface GalleryView {
  tab: GalleryTab
  q: string
  kind: GenerationMode | null
  date: DatePreset
  /** yyyy-mm-dd, only with date=custom */
  from: string | null
  to: string | null
  /** a project's id (docs/product.md#projects) */
  project: string | null
  /** a request's variations by the one kept (docs/product.md#variations) */
  picked: boolean
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value && (list as readonly string[]).includes(value) ? (value as T) : fallback

export function readView(params: URLSearchParams): GalleryView {
  const date = oneOf(DATE_PRESETS, params.get('date'), 'any')
  const from = params.get('from')
  const to = params.get('to')
  return {
    tab: oneOf(GALLERY_TABS, params.get('tab'), 'all'),
    q: (params.get('q') ?? '').slice(0, 200),
    kind: (GENERATION_MODES as readonly string[]).includes(params.get('kind') ?? '')
      ? (params.get('kind') as GenerationMode)
      : null,
    date,
    from: date === 'custom' && from && DAY.test(from) ? from : null,
    to: date === 'custom' && to && DAY.test(to) ? to : null,
    project: UUID.test(params.get('project') ?? '') ? params.get('project') : null,
    picked: params.get('picked') === '1',
  }
}

/** Writes a view into the address, leaving defaults (and any other parameter, e.g. the open item) alone. */
export function writeView(params: URLSearchParams, view: Partial<GalleryView>): URLSearchParams {
  const next = new URLSearchParams(params)
  const put = (key: string, value: string | null | undefined, fallback: string | null = null) => {
    if (value === undefined) return
    if (value === null || value === '' || value === fallback) next.delete(key)
    else next.set(key, value)
  }
  put('tab', view.tab, 'all')
  put('q', view.q?.trim() === '' ? null : view.q)
  put('kind', view.kind)
  put('project', view.project)
  put('date', view.date, 'any')
  if (view.picked !== undefined) put('picked', view.picked ? '1' : null)
  if (view.date !== undefined && view.date !== 'custom') {
    next.delete('from')
    next.delete('to')
  } else {
    put('from', view.from)
    put('to', view.to)
  }
  return next
}

/** Local midnight of a yyyy-mm-dd day, as an ISO instant. */
function startOfDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(y, m - 1, d).toISOString()
}
function endOfDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(new Date(y, m - 1, d + 1).getTime() - 1).toISOString()
}

/**
 * The server filters of a view. Presets start at a local midnight, so the query key (and the cached list) stays
 * the same all day instead of changing every millisecond.
 */
export function toFilters(view: GalleryView, now = new Date()): GenerationFilters {
  const filters: GenerationFilters = {}
  if (view.tab === 'images') filters.type = 'image'
  if (view.tab === 'videos') filters.type = 'video'
  if (view.tab === 'favorites') filters.favorite = true
  if (view.kind) filters.mode = view.kind
  if (view.project) filters.projectId = view.project
  if (view.picked) filters.pickedOnly = true
  const q = view.q.trim()
  if (q) filters.q = q
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  const daysBack = (n: number) => new Date(midnight.getTime() - n * 86_400_000).toISOString()
  switch (view.date) {
    case 'today':
      filters.from = midnight.toISOString()
      break
    case 'week':
      filters.from = daysBack(6)
      break
    case 'month':
      filters.from = daysBack(29)
      break
    case 'year':
      filters.from = new Date(now.getFullYear(), 0, 1).toISOString()
      break
    case 'custom':
      if (view.from) filters.from = startOfDay(view.from)
      if (view.to) filters.to = endOfDay(view.to)
      break
  }
  return filters
}

/** The query of GET /api/user/generations for these filters and page (unset fields are left out). */
export function listQuery(
  filters: GenerationFilters,
  cursor: string | null,
  limit: number,
): RouteQuery<'GET /user/generations'> {
  return {
    generationType: filters.generationType,
    type: filters.type,
    mode: filters.mode,
    projectId: filters.projectId,
    favorite: filters.favorite ? 'true' : undefined,
    variations: filters.pickedOnly ? 'picked' : undefined,
    q: filters.q || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    limit,
    cursor: cursor ?? undefined,
  }
}

export const isFiltered = (view: GalleryView) =>
  view.q.trim() !== '' || view.kind !== null || view.date !== 'any' || view.project !== null || view.picked
