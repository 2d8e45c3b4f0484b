import { ROOM_TYPES, type RoomType } from '@parti/contract'
import {
  Armchair,
  Bath,
  BedDouble,
  Blocks,
  BriefcaseBusiness,
  CookingPot,
  DoorOpen,
  type LucideIcon,
  UtensilsCrossed,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'

const ICONS: Record<RoomType, LucideIcon> = {
  'living-room': Armchair,
  bedroom: BedDouble,
  kitchen: CookingPot,
  'dining-room': UtensilsCrossed,
  bathroom: Bath,
  office: BriefcaseBusiness,
  'kids-room': Blocks,
  hallway: DoorOpen,
}

/** The room type (docs/product.md#room-types), as chips with a picture of each room. */
export function RoomTypePicker({
  value,
  onChange,
  labelledBy,
}: {
  value: RoomType
  onChange: (room: RoomType) => void
  labelledBy: string
}) {
  const { t } = useTranslation('staging')
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2"
      data-testid="room-type"
    >
      {ROOM_TYPES.map((room) => {
        const Icon = ICONS[room]
        const checked = value === room
        return (
          <label
            key={room}
            className={cn(
              'flex h-10 cursor-pointer items-center gap-2 rounded-lg border px-2.5 text-xs font-medium transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              checked
                ? 'border-accent bg-accent-soft/60 text-accent-soft-fg'
                : 'border-border bg-surface text-fg-muted hover:border-border-strong hover:text-fg',
            )}
          >
            <input
              type="radio"
              name={labelledBy}
              className="sr-only"
              checked={checked}
              onChange={() => onChange(room)}
            />
            <Icon className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{t(`rooms.${room}`)}</span>
          </label>
        )
      })}
    </div>
  )
}
