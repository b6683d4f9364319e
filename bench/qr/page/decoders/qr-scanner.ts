import QrScanner from 'qr-scanner'
import type { QrDecoder } from './decoder.ts'

export async function createQrScannerDecoder(): Promise<QrDecoder> {
  // One engine for the page's lifetime, as QrScanner uses it for a camera stream; without it,
  // every scanImage call would start and close a fresh worker.
  const qrEngine = await QrScanner.createQrEngine()
  return {
    engine: qrEngine instanceof Worker ? 'worker (blob:)' : 'BarcodeDetector',
    async decode(_image, canvas) {
      try {
        const result = await QrScanner.scanImage(canvas, {
          qrEngine,
          returnDetailedScanResult: true,
        })
        return result.data
      } catch (error) {
        if (error === QrScanner.NO_QR_CODE_FOUND) return null
        throw error
      }
    },
  }
}
