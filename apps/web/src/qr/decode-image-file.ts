import { decodeImageData } from './decoder'
import { readPixels } from './image-data'

/**
 * The QR code in an uploaded picture, or null when there is none. The browser decodes the file,
 * so every format it can show works; a file that is no image at all rejects.
 */
export async function decodeImageFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file)
  try {
    return await decodeImageData(readPixels(bitmap, bitmap.width, bitmap.height))
  } finally {
    bitmap.close()
  }
}
