import { isClaimPath, KIOSK_PAGE_PATH } from '@fernwood/protocol/codes'
import { CONSOLE_PATH } from '../../console/route'

/**
 * Whether `pathname` is one of the app's pages: the forest's entrance, a claim link, the
 * operator console or a kiosk. The server answers any other address a browser opens with the
 * app too (status 404), so the app itself has to tell that it has no such page.
 */
export function isOwnPage(pathname: string): boolean {
  return (
    pathname === '/' ||
    isClaimPath(pathname) ||
    pathname === CONSOLE_PATH ||
    pathname === KIOSK_PAGE_PATH
  )
}
