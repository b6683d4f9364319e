import jsQR from 'jsqr'
import type { QrDecoder } from './decoder.ts'

export async function createJsqrDecoder(): Promise<QrDecoder> {
  return {
    engine: 'main thread',
    async decode(image) {
      // Our codes are printed dark on light; trying the inverted image too would double the
      // cost of every frame without a code in it.
      const result = jsQR(image.data, image.width, image.height, {
        inversionAttempts: 'dontInvert',
      })
      return result?.data ?? null
    },
  }
}
