import type { ColorPalette, Style, StyleCategory } from '@parti/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

type Named = { id: string; name: string }

/**
 * Names of catalogue entries in the UI language. The seeded catalogue is translated; a style, category or
 * palette an admin adds keeps the name it was given (the admin writes it for their users).
 */
export function useCatalogNames() {
  const { t, i18n } = useTranslation('create')
  return useMemo(() => {
    const name = (group: 'styles' | 'categories' | 'palettes', item: Named) => {
      const key = `catalog.${group}.${item.id}`
      return i18n.exists(key, { ns: 'create' }) ? (t(key as never) as string) : item.name
    }
    return {
      style: (s: Pick<Style, 'id' | 'name'>) => name('styles', s),
      category: (c: Pick<StyleCategory, 'id' | 'name'>) => name('categories', c),
      palette: (p: Pick<ColorPalette, 'id' | 'name'>) => name('palettes', p),
    }
  }, [t, i18n])
}
