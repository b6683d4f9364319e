import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'
import type { QrDecoder } from './decoder.ts'

export async function createZxingDecoder(): Promise<QrDecoder> {
  // The library's default locateFile points at jsDelivr; the app must work offline, so the
  // .wasm comes from our own origin, emitted and hashed by Vite.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? wasmUrl : prefix + path,
    },
    fireImmediately: true,
  })
  return {
    engine: 'wasm',
    async decode(image) {
      const results = await readBarcodes(image, { formats: ['QRCode'], maxNumberOfSymbols: 1 })
      return results.find((result) => result.isValid)?.text ?? null
    },
  }
}
