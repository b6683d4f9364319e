import type { BenchApi, DecodeRecord, Failure, Readiness } from './api.ts'
import { corpusImage } from './corpus.ts'
import { loadQrDecoder, type QrDecoder, type QrDecoderName } from './decoders/decoder.ts'
import { decodeCamera, decodeImageFile } from './media-check.ts'

const DECODE_TIMEOUT_MILLISECONDS = 10_000

const violations: string[] = []
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(`${event.effectiveDirective} refused ${event.blockedURI}`)
})

const loaded = new Map<QrDecoderName, QrDecoder>()

function withTimeout<T>(work: Promise<T>, milliseconds: number): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${milliseconds} ms`)), milliseconds),
    ),
  ])
}

function canvasWith(image: ImageData): HTMLCanvasElement {
  const canvas = document.createElement('canvas')
  canvas.width = image.width
  canvas.height = image.height
  canvas.getContext('2d')?.putImageData(image, 0, 0)
  return canvas
}

async function measureReadiness(name: QrDecoderName): Promise<Readiness | Failure> {
  const { image } = corpusImage('clean', 0)
  const canvas = canvasWith(image)
  try {
    const started = performance.now()
    const decoder = await withTimeout(loadQrDecoder[name](), DECODE_TIMEOUT_MILLISECONDS)
    const text = await withTimeout(decoder.decode(image, canvas), DECODE_TIMEOUT_MILLISECONDS)
    return { milliseconds: performance.now() - started, engine: decoder.engine, text }
  } catch (error) {
    return { error: String(error), violations: [...violations] }
  }
}

window.fernwoodBench = {
  environment: () => ({
    userAgent: navigator.userAgent,
    barcodeDetector: 'BarcodeDetector' in window,
  }),
  measureReadiness,
  async loadDecoders(names) {
    const engines: Record<string, string> = {}
    const { image } = corpusImage('clean', 0)
    for (const name of names) {
      const decoder = await loadQrDecoder[name]()
      // One decode first, so start-up and JIT warm-up stay in the readiness figure, not the corpus's.
      await decoder.decode(image, canvasWith(image))
      loaded.set(name, decoder)
      engines[name] = decoder.engine
    }
    return engines
  },
  async decodeCategory(category, count) {
    const records: Record<string, DecodeRecord[]> = {}
    const decoders = [...loaded]
    for (let index = 0; index < count; index++) {
      const { expected, image } = corpusImage(category, index)
      const canvas = canvasWith(image)
      // Rotating who goes first keeps caches and CPU frequency from favouring one decoder.
      for (let turn = 0; turn < decoders.length; turn++) {
        const [name, decoder] = decoders[(index + turn) % decoders.length] as [
          QrDecoderName,
          QrDecoder,
        ]
        const started = performance.now()
        let record: DecodeRecord
        try {
          const text = await withTimeout(decoder.decode(image, canvas), DECODE_TIMEOUT_MILLISECONDS)
          record = { expected, text, milliseconds: performance.now() - started }
        } catch (error) {
          record = {
            expected,
            text: null,
            milliseconds: performance.now() - started,
            error: String(error),
          }
        }
        records[name] ??= []
        records[name].push(record)
      }
    }
    return records
  },
  decodeCamera: (name, timeout) => withTimeout(decodeCamera(loadQrDecoder[name]), timeout),
  decodeImageFile: (name, base64) => decodeImageFile(loadQrDecoder[name], base64),
} satisfies BenchApi
