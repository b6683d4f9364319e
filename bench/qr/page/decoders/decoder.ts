/** One QR decoder, loaded and ready, behind the interface the bench (and later the app) uses. */
export interface QrDecoder {
  /** How the decoder actually runs here, e.g. "wasm", "worker", "BarcodeDetector", "main thread". */
  readonly engine: string
  /** Text of the QR code in the image, or null when there is none. */
  decode(image: ImageData, canvas: HTMLCanvasElement): Promise<string | null>
}

export type QrDecoderName = 'zxing-wasm' | 'qr-scanner' | 'jsqr'

export const qrDecoderNames: readonly QrDecoderName[] = ['zxing-wasm', 'qr-scanner', 'jsqr']

/** Each decoder sits behind a dynamic import so Vite gives it its own chunk, which we weigh. */
export const loadQrDecoder: Record<QrDecoderName, () => Promise<QrDecoder>> = {
  'zxing-wasm': () => import('./zxing.ts').then((module) => module.createZxingDecoder()),
  'qr-scanner': () => import('./qr-scanner.ts').then((module) => module.createQrScannerDecoder()),
  jsqr: () => import('./jsqr.ts').then((module) => module.createJsqrDecoder()),
}
