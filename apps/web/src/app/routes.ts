import type { UIMatch } from 'react-router'
import type { NavTitleKey } from './navigation'

export type PageTitleKey =
  | NavTitleKey
  | 'nav.account'
  | 'pages.adminPlans.title'
  | 'pages.adminOutbox.title'
  | 'pages.adminEngines.title'
  | 'pages.account.title'
  | 'pages.resetPassword.title'
  | 'pages.verifyEmail.title'
  | 'pages.confirmEmail.title'
  | 'pages.contact.title'
  | 'pages.terms.title'
  | 'pages.privacy.title'
  | 'pages.product.title'
  | 'pages.tour.title'
  | 'pages.verify.title'
  | 'pages.adminInbox.title'
  | 'pages.adminBoards.title'

/** What a route declares about itself in `handle`. */
export interface RouteHandle {
  title: PageTitleKey
}

export function titleOf(matches: UIMatch[]): PageTitleKey | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined
    if (handle?.title) return handle.title
  }
  return null
}
