import { useEffect, useId, useRef, useState } from 'react'
import { toast } from 'sonner'
import { useTexts } from '../../i18n/current'
import type { Texts } from '../../i18n/en'
import { loadDecoder, useDecoderStatus } from '../../qr/decoder'
import { useCameraScanner } from '../../qr/use-camera-scanner'
import { Button } from '../../ui/button'

interface ScanPanelProps {
  /** false once another tab is chosen: the camera stops */
  active: boolean
  onDetected: (code: string) => void
}

export function ScanPanel({ active, onDetected }: ScanPanelProps) {
  const texts = useTexts()
  const videoRef = useRef<HTMLVideoElement>(null)
  const decoder = useDecoderStatus()
  const scanner = useCameraScanner(videoRef, active, onDetected)
  const running = scanner.status !== 'stopped'
  const hintId = useId()
  const [refusal, setRefusal] = useState<CameraRefusal | null>(null)

  // A decoder that failed to load earlier gets another chance when the visitor comes to scan.
  useEffect(() => {
    if (active) loadDecoder().catch(() => {})
  }, [active])

  async function toggle() {
    if (running) {
      scanner.stop()
      return
    }
    setRefusal(null)
    try {
      await scanner.start()
    } catch (error) {
      toast.error(texts.cameraFailed)
      setRefusal(refusalOf(error))
    }
  }

  return (
    <div className="scan">
      <div
        className="scan__viewport"
        data-running={running || undefined}
        data-refused={refusal ? true : undefined}
      >
        <video
          ref={videoRef}
          className="scan__video"
          muted
          playsInline
          aria-label={texts.cameraView}
        />
        {/* In the viewfinder, in place of the picture: what stopped the camera, how to allow it. */}
        {refusal && (
          <p className="scan__refusal" role="alert">
            {texts.cameraRefusal[refusal]}
          </p>
        )}
        {!running && !refusal && (
          <div className="scan__idle" aria-hidden="true">
            <svg viewBox="0 0 48 48" width="48" height="48" role="presentation">
              <path
                d="M6 16V8a2 2 0 0 1 2-2h8M32 6h8a2 2 0 0 1 2 2v8M42 32v8a2 2 0 0 1-2 2h-8M16 42H8a2 2 0 0 1-2-2v-8"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
                strokeLinecap="round"
              />
              <rect
                x="15"
                y="15"
                width="18"
                height="18"
                rx="3"
                fill="currentColor"
                opacity="0.45"
              />
            </svg>
          </div>
        )}
        {running && <div className="scan__frame" aria-hidden="true" />}
      </div>
      <p id={hintId} className="panel__hint">
        {decoderHint(decoder, texts)}
      </p>
      {/* The hint says why the button is disabled while the decoder is loading or has failed. */}
      <Button
        variant="secondary"
        disabled={decoder !== 'ready'}
        aria-describedby={hintId}
        onClick={toggle}
      >
        {running ? texts.stopScanning : texts.startScanning}
      </Button>
    </div>
  )
}

function decoderHint(status: ReturnType<typeof useDecoderStatus>, texts: Texts): string {
  if (status === 'ready') return texts.scanHint
  if (status === 'failed') return texts.scannerLoadFailed
  return texts.scannerLoading
}

type CameraRefusal = keyof Texts['cameraRefusal']

/** Why getUserMedia refused, in the terms a visitor can act on. */
function refusalOf(error: unknown): CameraRefusal {
  const name = error instanceof DOMException ? error.name : ''
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing'
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy'
  return 'blocked'
}
