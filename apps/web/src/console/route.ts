import { KIOSK_PAGE_PATH } from '@fernwood/protocol/codes'
import { lazy } from 'react'

/** Where operators open the console: the app shows it there in place of the dashboard. */
export const CONSOLE_PATH = '/admin'

export const onConsolePage = (): boolean => window.location.pathname === CONSOLE_PATH

/**
 * A kiosk tablet's page, opened with a kiosk link: it runs on the link's credential alone, and
 * neither checks nor makes a session.
 */
export const onKioskPage = (): boolean => window.location.pathname === KIOSK_PAGE_PATH

/** The console's own chunk, with its texts and its chart: fetched on its page only. */
export const Console = lazy(() => import('./console').then(({ Console }) => ({ default: Console })))

/** The kiosk's own chunk, with its QR writer and the console's texts: fetched on its page only. */
export const KioskScreen = lazy(() =>
  import('./kiosk/kiosk-screen').then(({ KioskScreen }) => ({ default: KioskScreen })),
)
