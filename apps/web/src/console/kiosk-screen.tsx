import type { KioskState } from '@fernwood/protocol/admin'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../ui/button'
import { qrImageOf } from './kiosk-qr'
import { CONSOLE_PATH } from './route'
import { useConsoleTexts } from './use-console-texts'
import './kiosk-screen.css'

type Connection = 'connecting' | 'live' | 'reconnecting' | 'refused'

/** Follows the kiosk's stream: the link to show and the count claimed, as the server sends them. */
function useKiosk(slug: string): { kiosk: KioskState | undefined; connection: Connection } {
  const [kiosk, setKiosk] = useState<KioskState | undefined>(undefined)
  const [connection, setConnection] = useState<Connection>('connecting')
  useEffect(() => {
    const stream = new EventSource(`/api/admin/campaigns/${encodeURIComponent(slug)}/kiosk`)
    stream.addEventListener('kiosk', (event) => {
      setKiosk(JSON.parse((event as MessageEvent<string>).data) as KioskState)
      setConnection('live')
    })
    // A refusal (not an operator's session any more, not a unique campaign) closes it for good;
    // anything else, EventSource retries by itself.
    stream.addEventListener('error', () =>
      setConnection(stream.readyState === EventSource.CLOSED ? 'refused' : 'reconnecting'),
    )
    return () => stream.close()
  }, [slug])
  return { kiosk, connection }
}

/** The QR code of `link`, drawn once the writer has loaded; undefined until then. */
function useQrImage(link: string | null | undefined): string | undefined {
  const [image, setImage] = useState<{ link: string; url: string } | undefined>(undefined)
  useEffect(() => {
    if (!link) return
    let current = true
    qrImageOf(link).then(
      (url) => current && setImage({ link, url }),
      () => {
        // The code stays readable as text below the image's place.
      },
    )
    return () => {
      current = false
    }
  }, [link])
  // Never an image of a replaced link, not even for a frame.
  return image && image.link === link ? image.url : undefined
}

/**
 * A campaign's kiosk, full screen on a tablet at an event: one QR code holding a one-use claim
 * link, replaced as soon as a visitor claims it (and every few minutes), the code in words for
 * those who type it, and the count claimed, which screen readers hear as it moves.
 */
export function KioskScreen({ slug }: { slug: string }) {
  const texts = useConsoleTexts()
  const { kiosk, connection } = useKiosk(slug)
  const image = useQrImage(kiosk?.link)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [fullScreen, setFullScreen] = useState(false)
  useEffect(() => {
    headingRef.current?.focus()
    const follow = () => setFullScreen(document.fullscreenElement !== null)
    document.addEventListener('fullscreenchange', follow)
    return () => document.removeEventListener('fullscreenchange', follow)
  }, [])

  const name = kiosk?.name ?? slug
  return (
    <main className="kiosk">
      <h1 ref={headingRef} tabIndex={-1} className="kiosk__title">
        {texts.kioskTitle(name)}
      </h1>
      {kiosk?.link && kiosk.code ? (
        <figure className="kiosk__code" data-code={kiosk.code}>
          {image ? (
            <img className="kiosk__qr" src={image} alt={texts.kioskQrAlt(name)} />
          ) : (
            <div className="kiosk__qr" />
          )}
          <figcaption>
            {texts.kioskScan}
            <span className="kiosk__typed">{texts.kioskOrType(kiosk.code)}</span>
          </figcaption>
        </figure>
      ) : (
        <p className="kiosk__waiting">
          {connection === 'refused'
            ? texts.kioskRefused
            : kiosk && kiosk.state !== 'open'
              ? texts.kioskNotOpen(texts.states[kiosk.state])
              : texts.checking}
        </p>
      )}
      <p className="kiosk__claimed" role="status" data-claimed={kiosk?.claimed ?? 0}>
        {texts.kioskClaimed(kiosk?.claimed ?? 0)}
      </p>
      {connection === 'reconnecting' && (
        <p className="kiosk__connection" role="status">
          {texts.reconnecting}
        </p>
      )}
      <div className="kiosk__controls">
        {!fullScreen && document.fullscreenEnabled && (
          <Button
            variant="secondary"
            onClick={() => void document.documentElement.requestFullscreen().catch(() => {})}
          >
            {texts.kioskFullScreen}
          </Button>
        )}
        <a href={CONSOLE_PATH}>{texts.kioskBack}</a>
      </div>
    </main>
  )
}
