import type { CorpusCategory } from './corpus.ts'
import type { QrDecoderName } from './decoders/decoder.ts'

export interface DecodeRecord {
  expected: string | null
  text: string | null
  milliseconds: number
  error?: string
}

export interface Readiness {
  /** From the decoder's dynamic import to the text of the first image, in milliseconds. */
  milliseconds: number
  engine: string
  text: string | null
}

export interface Failure {
  error: string
  /** Directives the page's Content-Security-Policy refused meanwhile. */
  violations: string[]
}

export interface BrowserEnvironment {
  userAgent: string
  barcodeDetector: boolean
}

export interface CameraDecode {
  text: string | null
  frames: number
  width: number
  height: number
}

/** What the bench page exposes on `window.fernwoodBench` for Playwright to call. */
export interface BenchApi {
  environment(): BrowserEnvironment
  measureReadiness(decoder: QrDecoderName): Promise<Readiness | Failure>
  loadDecoders(decoders: readonly QrDecoderName[]): Promise<Record<string, string>>
  decodeCategory(category: CorpusCategory, count: number): Promise<Record<string, DecodeRecord[]>>
  decodeCamera(decoder: QrDecoderName, timeoutMilliseconds: number): Promise<CameraDecode>
  decodeImageFile(decoder: QrDecoderName, base64: string): Promise<string | null>
}

declare global {
  interface Window {
    fernwoodBench: BenchApi
  }
}
