import type { KioskState } from '@fernwood/protocol/admin'
import { useEffect, useRef, useState } from 'react'
import { ApiError, api } from '../../api/client'
import { useLanguage } from '../../i18n/current'
import { formatTokenAmount } from '../../i18n/format'
import { PRODUCT_NAME } from '../../i18n/product'
import { type EventStream, openEventStream, type StreamConnection } from '../../live/event-stream'
import { NftPicture } from '../../nfts/nft-picture'
import { Button } from '../../ui/button'
import { useConsoleTexts } from '../texts/use-console-texts'
import { KioskCelebration } from './kiosk-celebration'
import { KioskCountdown } from './kiosk-countdown'
import { qrImageOf } from './kiosk-qr'
import './kiosk-screen.css'

// How long the kiosk waits before presenting its link again when the server could not answer.
const PRESENT_AGAIN_MS = 5_000

let presenting: Promise<boolean> | undefined

/**
 * Hands the server the credential of the kiosk link this page was opened with, once however
 * often asked: the answer keeps it in the kiosk's own cookie. Resolves false when it is refused
 * (revoked, expired, never issued), true once accepted or when the page holds no link (a
 * reload: the cookie kept before is all its stream has).
 */
function presentKioskLink(): Promise<boolean> {
  presenting ??= present(window.location.hash.slice(1))
  return presenting
}

async function present(credential: string): Promise<boolean> {
  if (!credential) return true
  for (;;) {
    const answer = await api.post('/api/kiosk/session', { credential }).then(
      () => 'accepted',
      (error: unknown) =>
        error instanceof ApiError && error.status >= 400 && error.status < 500
          ? 'refused'
          : 'unanswered',
    )
    if (answer !== 'unanswered') {
      // The secret leaves the address bar and the history: nobody at the tablet reads it there.
      window.history.replaceState(null, '', window.location.pathname)
      return answer === 'accepted'
    }
    // No network, or the server restarting: the link is kept, and presented again.
    await new Promise((resolve) => setTimeout(resolve, PRESENT_AGAIN_MS))
  }
}

/** Follows the kiosk's stream: the link to show and the count claimed, as the server sends them. */
function useKiosk(): { kiosk: KioskState | undefined; connection: StreamConnection } {
  const [kiosk, setKiosk] = useState<KioskState | undefined>(undefined)
  const [connection, setConnection] = useState<StreamConnection>('connecting')
  useEffect(() => {
    let current = true
    let stream: EventStream | undefined
    presentKioskLink().then((accepted) => {
      if (!current) return
      if (!accepted) return setConnection('refused')
      // A refusal (the credential revoked or expired) is final: the screen says so and stays.
      stream = openEventStream('/api/kiosk/live', {
        events: { kiosk: (state) => setKiosk(state as KioskState) },
        onConnection: setConnection,
      })
    })
    return () => {
      current = false
      stream?.close()
    }
  }, [])
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

/** What a claim pays, as the public reads it: the NFT's art and name, or the amount. */
function KioskReward({ kiosk }: { kiosk: KioskState }) {
  const texts = useConsoleTexts()
  const language = useLanguage()
  const reward = kiosk.nft ? kiosk.nft.name : formatTokenAmount(kiosk.reward, language)
  return (
    <div className="kiosk__reward">
      {kiosk.nft && <NftPicture nft={kiosk.nft} size={160} className="kiosk__reward-art" />}
      <p className="kiosk__reward-text">{texts.kioskReward(reward)}</p>
    </div>
  )
}

/**
 * A campaign's kiosk, full screen on a tablet at an event: what a claim pays (the NFT's art or
 * the amount), one QR code holding a one-use claim link, replaced as soon as a visitor claims it
 * (a celebration marks the claim) and at the latest when its countdown ends, the code in words
 * for those who type it, and the count claimed, which screen readers hear as it moves. It runs
 * on the kiosk link it was opened with; no operator signs in on the tablet, nothing here leads
 * to the console, and full screen shows no control at all.
 */
export function KioskScreen() {
  const texts = useConsoleTexts()
  const { kiosk, connection } = useKiosk()
  const image = useQrImage(kiosk?.link)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [fullScreen, setFullScreen] = useState(false)
  useEffect(() => {
    headingRef.current?.focus()
    const follow = () => setFullScreen(document.fullscreenElement !== null)
    document.addEventListener('fullscreenchange', follow)
    return () => document.removeEventListener('fullscreenchange', follow)
  }, [])

  return (
    <main className="kiosk">
      <h1 ref={headingRef} tabIndex={-1} className="kiosk__title">
        {kiosk ? texts.kioskTitle(kiosk.name) : PRODUCT_NAME}
      </h1>
      {kiosk && connection !== 'refused' && <KioskReward kiosk={kiosk} />}
      {/* A revoked or expired kiosk shows its last code no more: the server retired it. */}
      {connection !== 'refused' && kiosk?.link && kiosk.code ? (
        <figure className="kiosk__code" data-code={kiosk.code}>
          {image ? (
            <img className="kiosk__qr" src={image} alt={texts.kioskQrAlt(kiosk.name)} />
          ) : (
            <div className="kiosk__qr" />
          )}
          <figcaption>
            {texts.kioskScan}
            <span className="kiosk__typed">{texts.kioskOrType(kiosk.code)}</span>
          </figcaption>
          {kiosk.replacedBy && <KioskCountdown key={kiosk.code} replacedBy={kiosk.replacedBy} />}
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
      <KioskCelebration claimed={kiosk?.claimed} />
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
      </div>
    </main>
  )
}
