import { useSyncExternalStore } from 'react'
import { toast } from 'sonner'
import { texts } from '../texts'
import { toasterMounted } from '../ui/Toaster'

export type DecoderStatus = 'idle' | 'loading' | 'ready' | 'failed'

type Reader = typeof import('./zxing')

let status: DecoderStatus = 'idle'
const listeners = new Set<() => void>()
let loading: Promise<Reader> | undefined

function setStatus(next: DecoderStatus): void {
  status = next
  for (const listener of listeners) listener()
}

// Two frames: the first callback runs before the first paint, the second after it.
const firstPaint = new Promise<void>((painted) => {
  requestAnimationFrame(() => requestAnimationFrame(() => painted()))
})

/**
 * The QR decoder, loaded once (chunk and .wasm) and never before the first paint, so it cannot
 * delay the first screen. A failure is reported once and forgotten: the next call tries again.
 */
export function loadDecoder(): Promise<Reader> {
  loading ??= (async () => {
    try {
      // Also keeps the status change out of the render that may have asked for the decoder.
      await firstPaint
      setStatus('loading')
      const reader = await import('./zxing')
      await reader.prepareReader()
      setStatus('ready')
      return reader
    } catch (error) {
      loading = undefined
      setStatus('failed')
      void toasterMounted.then(() => toast.error(texts.scannerLoadFailed))
      throw error
    }
  })()
  return loading
}

/**
 * Settles when the decoder is ready or has failed, or after `maxWaitMs`, whichever is first:
 * what the loading screen waits for before the dashboard, which works without it.
 */
export function decoderSettled(maxWaitMs: number): Promise<void> {
  return new Promise((settle) => {
    const timer = setTimeout(settle, maxWaitMs)
    loadDecoder()
      .catch(() => {})
      .finally(() => {
        clearTimeout(timer)
        settle()
      })
  })
}

/** The text of the QR code in `image`, or null; loads the decoder if needed. */
export async function decodeImageData(image: ImageData): Promise<string | null> {
  const reader = await loadDecoder()
  return reader.readQrCode(image)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function getStatus(): DecoderStatus {
  return status
}

export function useDecoderStatus(): DecoderStatus {
  return useSyncExternalStore(subscribe, getStatus)
}
