import type { CameraDecode } from './api.ts'
import type { QrDecoder } from './decoders/decoder.ts'

function frameOf(source: CanvasImageSource, width: number, height: number) {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('no 2d canvas context')
  context.drawImage(source, 0, 0)
  return { canvas, image: context.getImageData(0, 0, width, height) }
}

/** Reads camera frames, as the scan screen will, until one decodes. */
export async function decodeCamera(load: () => Promise<QrDecoder>): Promise<CameraDecode> {
  const decoder = await load()
  const stream = await navigator.mediaDevices.getUserMedia({ video: true })
  const video = document.createElement('video')
  video.muted = true
  video.playsInline = true
  video.srcObject = stream
  try {
    await video.play()
    for (let frames = 1; ; frames++) {
      await new Promise((resolve) => video.requestVideoFrameCallback(resolve))
      const { canvas, image } = frameOf(video, video.videoWidth, video.videoHeight)
      const text = await decoder.decode(image, canvas)
      if (text !== null || frames >= 30)
        return { text, frames, width: image.width, height: image.height }
    }
  } finally {
    for (const track of stream.getTracks()) track.stop()
  }
}

/** Decodes an uploaded image file, as the upload button will. */
export async function decodeImageFile(
  load: () => Promise<QrDecoder>,
  base64: string,
): Promise<string | null> {
  const decoder = await load()
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
  const { canvas, image } = frameOf(bitmap, bitmap.width, bitmap.height)
  return decoder.decode(image, canvas)
}
