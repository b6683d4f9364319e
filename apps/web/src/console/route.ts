import { lazy } from 'react'

/** Where operators open the console: the app shows it there in place of the dashboard. */
export const CONSOLE_PATH = '/admin'

// A campaign's kiosk screen: a page of the console, its sign-in and wallet steps too.
const KIOSK_PAGE = /^\/admin\/kiosk\/([^/]+)$/

export const onConsolePage = (): boolean =>
  window.location.pathname === CONSOLE_PATH || KIOSK_PAGE.test(window.location.pathname)

/** The campaign whose kiosk this page shows, or undefined on the console's own page. */
export function kioskCampaignOf(pathname: string): string | undefined {
  const slug = KIOSK_PAGE.exec(pathname)?.[1]
  return slug === undefined ? undefined : decodeURIComponent(slug)
}

/** The console's own chunk, with its texts and its chart: fetched on its page only. */
export const Console = lazy(() => import('./console').then(({ Console }) => ({ default: Console })))
