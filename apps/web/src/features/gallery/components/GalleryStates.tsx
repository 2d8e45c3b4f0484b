import { Clapperboard, Images, PencilRuler, SearchX, Sparkles, Star, TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button, buttonClass } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import type { GalleryView } from '../filters'
import { isFiltered } from '../filters'

/** The grid's place while the first page loads: tiles of the same size, so nothing jumps when it arrives. */
export function GallerySkeleton() {
  const { t } = useTranslation('gallery')
  return (
    <div
      className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fill,minmax(200px,1fr))]"
      role="status"
      aria-label={t('list.loading')}
    >
      {Array.from({ length: 10 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
        <div key={i} className="aspect-square animate-pulse rounded-xl bg-surface-2" />
      ))}
    </div>
  )
}

export function GalleryError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('gallery')
  const { t: tApp } = useTranslation('app')
  return (
    <EmptyState icon={TriangleAlert} title={tApp('messages.data.loadHistory')} body={t('list.errorBody')}>
      <Button variant="outline" className="mt-6" onClick={onRetry}>
        {t('list.retry')}
      </Button>
    </EmptyState>
  )
}

/** Nothing to show: a first-time gallery, an empty tab, or filters that match nothing. */
export function GalleryEmpty({ view, onClearFilters }: { view: GalleryView; onClearFilters: () => void }) {
  const { t } = useTranslation('gallery')
  if (isFiltered(view)) {
    return (
      <EmptyState icon={SearchX} title={t('empty.filteredTitle')} body={t('empty.filteredBody')}>
        <Button variant="outline" className="mt-6" onClick={onClearFilters}>
          {t('filters.clear')}
        </Button>
      </EmptyState>
    )
  }
  if (view.tab === 'favorites') {
    return <EmptyState icon={Star} title={t('empty.favoritesTitle')} body={t('empty.favoritesBody')} />
  }
  if (view.tab === 'videos') {
    return (
      <EmptyState icon={Clapperboard} title={t('empty.videosTitle')} body={t('empty.videosBody')}>
        <Link to="/video" className={buttonClass('primary', 'md', 'mt-6')}>
          {t('empty.makeVideo')}
        </Link>
      </EmptyState>
    )
  }
  return (
    <EmptyState
      icon={Images}
      title={t('empty.title')}
      body={t(view.tab === 'images' ? 'empty.imagesBody' : 'empty.body')}
    >
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link to="/sketch" className={buttonClass('primary', 'md')}>
          <PencilRuler aria-hidden />
          {t('empty.renderSketch')}
        </Link>
        <Link to="/" className={buttonClass('outline', 'md')}>
          <Sparkles aria-hidden />
          {t('empty.askParti')}
        </Link>
      </div>
    </EmptyState>
  )
}
