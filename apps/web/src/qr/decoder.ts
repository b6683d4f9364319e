import { toast } from 'sonner'
import { currentTexts } from '../i18n/current'
import { createStore, useStore } from '../store'
import { toasterMounted } from '../ui/toaster'

export type DecoderStatus = 'idle' | 'loading' | 'ready' | 'failed'

type Reader = typeof import('./zxing')

const status = createStore<DecoderStatus>('idle')
let loading: Promise<Reader> | undefined

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
      status.set('loading')
      const reader = await import('./zxing')
      await reader.prepareReader()
      status.set('ready')
      return reader
    } catch (error) {
      loading = undefined
      status.set('failed')
      void toasterMounted.then(() => toast.error(currentTexts().scannerLoadFailed))
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

export function useDecoderStatus(): DecoderStatus {
  return useStore(status)
}
