/** Pixels of anything drawable (an image, a video frame), at its own size. */
export function readPixels(
  source: CanvasImageSource,
  width: number,
  height: number,
  canvas: HTMLCanvasElement = document.createElement('canvas'),
): ImageData {
  canvas.width = width
  canvas.height = height
  // willReadFrequently keeps the canvas on the CPU, where getImageData is cheap every frame.
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('no 2D canvas context')
  context.drawImage(source, 0, 0, width, height)
  return context.getImageData(0, 0, width, height)
}
