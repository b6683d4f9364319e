import { describe, expect, it } from 'vitest'
import { isOwnPage } from './own-pages'

describe('the app’s own pages', () => {
  it('are the entrance, a claim link, the console and the kiosk', () => {
    for (const pathname of ['/', '/c/spring-7kq2', '/c/moss%20oak', '/admin', '/kiosk']) {
      expect(isOwnPage(pathname), pathname).toBe(true)
    }
  })

  it('are not a mistyped or outdated address, nor one inside a page', () => {
    for (const pathname of ['/no-such-page', '/c/', '/c/a/b', '/admin/', '/admin/x', '/kiosks']) {
      expect(isOwnPage(pathname), pathname).toBe(false)
    }
  })
})
