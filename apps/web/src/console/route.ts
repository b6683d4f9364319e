import { lazy } from 'react'

/** Where operators open the console: the app shows it there in place of the dashboard. */
export const CONSOLE_PATH = '/admin'

export const onConsolePage = (): boolean => window.location.pathname === CONSOLE_PATH

/** The console's own chunk, with its texts and its chart: fetched on its page only. */
export const Console = lazy(() => import('./Console').then(({ Console }) => ({ default: Console })))
