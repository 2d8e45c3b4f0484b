import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { clearGalleryNotifications } from './notifications'
import { useLiveJobs } from './useLiveJobs'

/** The shell's live-updates engine room: renders nothing. */
export function LiveJobs() {
  useLiveJobs()
  const { pathname } = useLocation()
  useEffect(() => {
    if (pathname.startsWith('/gallery')) clearGalleryNotifications()
  }, [pathname])
  return null
}
