import { prepareZXingModule, purgeZXingModule, writeBarcode } from 'zxing-wasm/writer'
import wasmUrl from 'zxing-wasm/writer/zxing_writer.wasm?url'

/**
 * The kiosk's QR codes, drawn by zxing-wasm, the library the app already scans with (its writer
 * half, in the kiosk's chunk only). As for the reader, the .wasm comes from our own origin: the
 * library's default is a CDN that neither offline use nor our CSP allows.
 */
let prepared: Promise<unknown> | undefined

function prepareWriter(): Promise<unknown> {
  prepared ??= prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? wasmUrl : prefix + path,
    },
    fireImmediately: true,
  }).catch((error: unknown) => {
    // Forgotten, failed instance and all, so the next code tries again.
    purgeZXingModule()
    prepared = undefined
    throw error
  })
  return prepared
}

/** `text` as a QR code, an SVG image's data URL. */
export async function qrImageOf(text: string): Promise<string> {
  await prepareWriter()
  const { svg, error } = await writeBarcode(text, { format: 'QRCode', options: 'ecLevel=M' })
  if (error) throw new Error(error)
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
