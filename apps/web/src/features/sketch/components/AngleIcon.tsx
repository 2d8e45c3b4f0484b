import type { Angle } from '@parti/contract'

const common = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const

/** A line drawing of what each multi-angle view shows. */
export function AngleIcon({ angle, className }: { angle: Angle; className?: string }) {
  return (
    <svg viewBox="0 0 48 36" className={className} aria-hidden {...common}>
      {angle === 'front' && (
        <>
          <path d="M12 32V17l12-9 12 9v15z" />
          <path d="M21 32v-8h6v8M15 20h4v4h-4zM29 20h4v4h-4z" />
          <path d="M6 32h36" />
        </>
      )}
      {angle === 'side' && (
        <>
          <path d="M6 32V18h36v14z" />
          <path d="M6 18l6-8h24l6 8" />
          <path d="M11 22h5v4h-5zM21 22h5v4h-5zM31 22h5v4h-5z" />
        </>
      )}
      {angle === 'aerial' && (
        <>
          <path d="M10 7h28v22H10z" />
          <path d="M10 7l9 11h10l9-11M10 29l9-11M38 29l-9-11" />
        </>
      )}
      {angle === 'corner' && (
        <>
          <path d="M8 14l14-5 18 5v16l-18 4-14-4z" />
          <path d="M22 9v25M8 14l14 4 18-4M22 18v16" />
          <path d="M12 21l6 1.5v5L12 26zM27 22.5l8-2v5l-8 2z" />
        </>
      )}
      {angle === 'interior' && (
        <>
          <path d="M4 4h40v28H4z" />
          <path d="M16 12h16v12H16zM4 4l12 8M44 4l-12 8M4 32l12-8M44 32l-12-8" />
          <path d="M20 16h8v5h-8z" />
        </>
      )}
      {angle === 'contextual' && (
        <>
          <path d="M16 30V19l8-6 8 6v11z" />
          <path d="M22 30v-5h4v5" />
          <path d="M3 30h42" />
          <circle cx="8" cy="20" r="4" />
          <path d="M8 24v6" />
          <circle cx="40" cy="22" r="3" />
          <path d="M40 25v5" />
        </>
      )}
    </svg>
  )
}
