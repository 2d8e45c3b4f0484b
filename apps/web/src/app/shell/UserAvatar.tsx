import type { UserProfile } from '@parti/contract'
import { useState } from 'react'

/** The user's photo, or the first letter of the e-mail (docs/product.md#sidebar). */
export function UserAvatar({ user }: { user: Pick<UserProfile, 'email' | 'photoURL'> }) {
  const [broken, setBroken] = useState(false)
  if (user.photoURL && !broken) {
    return (
      <img
        src={user.photoURL}
        alt=""
        className="size-8 shrink-0 rounded-full object-cover ring-1 ring-border"
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
      />
    )
  }
  return (
    <span
      aria-hidden
      className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-soft text-[13px] font-semibold text-accent-soft-fg uppercase"
    >
      {user.email.charAt(0)}
    </span>
  )
}
