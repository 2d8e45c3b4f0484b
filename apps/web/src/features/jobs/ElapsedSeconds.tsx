import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * docs/product.md#placeholders: a pending placeholder shows the seconds since the job was created, ticking.
 */
export function ElapsedSeconds({ since, className }: { since: string; className?: string }) {
  const { t } = useTranslation('jobs')
  const start = Date.parse(since)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const seconds = Math.max(0, Math.floor((now - start) / 1000))
  return (
    <span className={className} aria-live="off">
      {t('elapsed', { seconds })}
    </span>
  )
}
