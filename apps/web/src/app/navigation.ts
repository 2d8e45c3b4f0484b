import {
  Clapperboard,
  CreditCard,
  FolderKanban,
  Images,
  KeyRound,
  LifeBuoy,
  type LucideIcon,
  PaintRoller,
  PencilRuler,
  ReceiptText,
  Ruler,
  ScanFace,
  ShieldCheck,
  Sofa,
  Sparkles,
} from 'lucide-react'
import type { SidebarCounts } from '../features/jobs/useJobCounts'

export type NavTitleKey =
  | 'nav.home'
  | 'nav.video'
  | 'nav.gallery'
  | 'nav.projects'
  | 'nav.sketch'
  | 'nav.staging'
  | 'nav.prep'
  | 'nav.privacy'
  | 'nav.repaint'
  | 'nav.pricing'
  | 'nav.credits'
  | 'nav.api'
  | 'nav.support'
  | 'nav.admin'

export interface NavItem {
  to: string
  titleKey: NavTitleKey
  icon: LucideIcon
  /** Which counter feeds the red badge. */
  count?: keyof Omit<SidebarCounts, 'total'>
  beta?: boolean
  adminOnly?: boolean
}

/**
 * The sidebar of docs/product.md#sidebar, in its order, plus admin for admins (hidden from everyone else,
 * docs/decisions/0011-admin-role-on-the-server.md).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', titleKey: 'nav.home', icon: Sparkles, count: 'chatEdit' },
  { to: '/video', titleKey: 'nav.video', icon: Clapperboard, count: 'video' },
  { to: '/gallery', titleKey: 'nav.gallery', icon: Images, count: 'notifications' },
  { to: '/projects', titleKey: 'nav.projects', icon: FolderKanban },
  { to: '/sketch', titleKey: 'nav.sketch', icon: PencilRuler, count: 'sketchRender', beta: true },
  { to: '/staging', titleKey: 'nav.staging', icon: Sofa, count: 'homeStaging', beta: true },
  { to: '/prep', titleKey: 'nav.prep', icon: Ruler },
  { to: '/prep/privacy', titleKey: 'nav.privacy', icon: ScanFace },
  { to: '/prep/repaint', titleKey: 'nav.repaint', icon: PaintRoller },
  { to: '/pricing', titleKey: 'nav.pricing', icon: CreditCard },
  { to: '/credits', titleKey: 'nav.credits', icon: ReceiptText },
  { to: '/developers', titleKey: 'nav.api', icon: KeyRound },
  { to: '/support', titleKey: 'nav.support', icon: LifeBuoy },
  { to: '/admin', titleKey: 'nav.admin', icon: ShieldCheck, adminOnly: true },
]
