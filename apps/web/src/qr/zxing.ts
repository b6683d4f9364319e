import { prepareZXingModule, purgeZXingModule, readBarcodes } from 'zxing-wasm/reader'
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'

/**
 * zxing-wasm, chosen in bench/qr (README there): the most accurate and fastest of the candidates.
 * This module is its own chunk, loaded after the first paint; its .wasm is ours, hashed by Vite.
 */
export async function prepareReader(): Promise<void> {
  try {
    // The library's default locateFile points at jsDelivr; the app must work offline and under
    // a CSP that names no CDN, so the .wasm comes from our own origin.
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? wasmUrl : prefix + path,
      },
      fireImmediately: true,
    })
  } catch (error) {
    // The library keeps its failed instance; forget it so the next attempt fetches again.
    purgeZXingModule()
    throw error
  }
}

/** The text of the first QR code in the image, or null when there is none. */
export async function readQrCode(image: ImageData): Promise<string | null> {
  const results = await readBarcodes(image, { formats: ['QRCode'], maxNumberOfSymbols: 1 })
  return results.find((result) => result.isValid)?.text ?? null
}
