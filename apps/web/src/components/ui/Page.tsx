import type { ReactNode } from 'react'
import { cn } from './cn'

/** Content width and spacing of an app screen. */
export function Page({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-8 sm:py-12', className)}>
      {children}
    </div>
  )
}
