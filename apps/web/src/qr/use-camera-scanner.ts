import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { decodeImageData } from './decoder'
import { readPixels } from './image-data'

export type ScannerStatus = 'stopped' | 'starting' | 'scanning'

// About seven reads a second: a code held up to the camera is found at once, and a phone's
// main thread stays free (a 640×480 frame takes zxing a few milliseconds).
const FRAME_INTERVAL_MS = 150

interface CameraScanner {
  status: ScannerStatus
  start: () => Promise<void>
  stop: () => void
}

/**
 * The camera as a QR reader for the `<video>` in `videoRef`. `onDetected` gets the first code
 * seen, after the camera has stopped. Every track is stopped on stop, on a decode, when `active`
 * turns false (the tab changed) and on unmount, so the camera light goes off. `start` rejects
 * when the camera cannot be opened (refused, missing, busy), unless it was stopped meanwhile.
 */
export function useCameraScanner(
  videoRef: RefObject<HTMLVideoElement | null>,
  active: boolean,
  onDetected: (code: string) => void,
): CameraScanner {
  const [status, setStatus] = useState<ScannerStatus>('stopped')
  const stream = useRef<MediaStream | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // Each start gets a number; anything still running for an older one gives up.
  const run = useRef(0)
  const detected = useRef(onDetected)
  useEffect(() => {
    detected.current = onDetected
  })

  const stop = useCallback(() => {
    run.current += 1
    clearTimeout(timer.current)
    for (const track of stream.current?.getTracks() ?? []) track.stop()
    stream.current = null
    if (videoRef.current) videoRef.current.srcObject = null
    setStatus('stopped')
  }, [videoRef])

  const start = useCallback(async () => {
    stop()
    const thisRun = run.current
    setStatus('starting')
    let media: MediaStream
    try {
      media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      })
    } catch (error) {
      // Stopped meanwhile (Stop, another tab, gone): nobody is waiting for this camera any more.
      if (run.current !== thisRun) return
      setStatus('stopped')
      throw error
    }
    const video = videoRef.current
    if (run.current !== thisRun || !video) {
      // Stopped (or unmounted) while the permission prompt was open.
      for (const track of media.getTracks()) track.stop()
      return
    }
    stream.current = media
    video.srcObject = media
    await video.play().catch(() => {
      // Autoplay refusals do not apply to a muted camera preview; frames still arrive.
    })
    // Stopped while the preview was starting: the stop already turned the camera off.
    if (run.current !== thisRun) return
    setStatus('scanning')

    const canvas = document.createElement('canvas')
    const readFrame = async () => {
      if (run.current !== thisRun) return
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        const code = await decodeImageData(
          readPixels(video, video.videoWidth, video.videoHeight, canvas),
        ).catch(() => null)
        if (run.current !== thisRun) return
        if (code) {
          stop()
          detected.current(code)
          return
        }
      }
      timer.current = setTimeout(readFrame, FRAME_INTERVAL_MS)
    }
    void readFrame()
  }, [stop, videoRef])

  useEffect(() => {
    if (!active) stop()
  }, [active, stop])

  useEffect(() => stop, [stop])

  return { status, start, stop }
}
