import { describe, expect, it } from 'vitest'
import { queryString } from '../../lib/api'
import { listQuery, readView, toFilters, writeView } from './filters'

describe('gallery view in the address', () => {
  it('reads tabs, search, kind and dates, ignoring what it does not know', () => {
    const view = readView(
      new URLSearchParams('tab=videos&q=villa&kind=animate&date=custom&from=2026-01-02&to=x'),
    )
    expect(view).toEqual({
      tab: 'videos',
      q: 'villa',
      kind: 'animate',
      date: 'custom',
      from: '2026-01-02',
      to: null,
      project: null,
      picked: false,
    })
    expect(readView(new URLSearchParams('picked=1')).picked).toBe(true)
    expect(readView(new URLSearchParams('tab=nope&kind=drawing&date=soon&project=x'))).toMatchObject({
      tab: 'all',
      kind: null,
      date: 'any',
      project: null,
    })
    // a project filter (docs/product.md#projects) goes to the server as projectId
    const id = '0195b8a0-0000-7000-8000-000000000001'
    const withProject = readView(new URLSearchParams(`project=${id}`))
    expect(withProject.project).toBe(id)
    expect(toFilters(withProject).projectId).toBe(id)
    expect(writeView(new URLSearchParams(), { project: null }).toString()).toBe('')
  })

  it('writes only what differs from the defaults and keeps other parameters (the open item)', () => {
    const params = writeView(new URLSearchParams('item=abc&tab=images'), {
      tab: 'all',
      q: '  ',
      date: 'week',
    })
    expect(params.toString()).toBe('item=abc&date=week')
  })
})

describe('server filters of a view (tabs filtered on the server)', () => {
  const base = readView(new URLSearchParams())
  it('maps each tab', () => {
    expect(toFilters({ ...base, tab: 'all' })).toEqual({})
    expect(toFilters({ ...base, tab: 'images' })).toEqual({ type: 'image' })
    expect(toFilters({ ...base, tab: 'videos' })).toEqual({ type: 'video' })
    expect(toFilters({ ...base, tab: 'favorites' })).toEqual({ favorite: true })
  })

  it('starts date presets at a local midnight, so the list key is stable all day', () => {
    const morning = toFilters({ ...base, date: 'week' }, new Date(2026, 10, 21, 9, 0))
    const evening = toFilters({ ...base, date: 'week' }, new Date(2026, 10, 21, 22, 30))
    expect(morning).toEqual(evening)
    expect(new Date(morning.from!).getDate()).toBe(15)
  })

  it('covers whole days in a custom range', () => {
    const f = toFilters({ ...base, date: 'custom', from: '2026-03-01', to: '2026-03-01' })
    expect(new Date(f.to!).getTime() - new Date(f.from!).getTime()).toBe(86_400_000 - 1)
  })

  it('builds the query string of GET /api/user/generations', () => {
    expect(queryString(listQuery({ type: 'video', q: 'a b', favorite: true }, 'CUR', 100))).toBe(
      'type=video&favorite=true&q=a+b&limit=100&cursor=CUR',
    )
    // "Picked only": a request's variations by the one kept (docs/product.md#variations)
    expect(queryString(listQuery(toFilters({ ...base, picked: true }), null, 100))).toBe(
      'variations=picked&limit=100',
    )
  })
})
