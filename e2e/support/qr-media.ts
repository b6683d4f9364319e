/**
 * Images and camera footage of QR codes for the browser tests, written in plain Node.
 * Chromium plays a `.y4m` file as the camera with
 * `--use-fake-device-for-media-stream --use-fake-ui-for-media-stream --use-file-for-fake-video-capture=<file>`
 * and loops it, so a few identical frames are enough.
 */
import { writeFile } from 'node:fs/promises'
import { crc32, deflateSync } from 'node:zlib'
import QRCode from 'qrcode'

export interface QrVideoOptions {
  /** Frame width in pixels; even, because 4:2:0 chroma is sampled per 2×2 block. Default 640. */
  width?: number
  /** Frame height in pixels; even. Default 480. */
  height?: number
  /** Frames in the file. Default 3. */
  frames?: number
  /** Frames per second. Default 15. */
  fps?: number
  /** Pixels per module. Default: the largest that keeps the code, quiet zone included, within 70% of the shorter side. */
  modulePixels?: number
}

const QUIET_ZONE_MODULES = 4
// Studio-range luma, which Chromium assumes for I420 camera frames: 16 is black, 235 white.
const LUMA_DARK = 16
const LUMA_LIGHT = 235
const CHROMA_NEUTRAL = 128

/** Writes a YUV4MPEG2 (4:2:0) video of the QR code of `text`, centred on white with a quiet zone. */
export async function writeQrVideo(
  path: string,
  text: string,
  options: QrVideoOptions = {},
): Promise<void> {
  const { width = 640, height = 480, frames = 3, fps = 15 } = options
  if (width % 2 !== 0 || height % 2 !== 0)
    throw new Error(`4:2:0 frames need even sides, got ${width}x${height}`)
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const modulesAcross = modules.size + 2 * QUIET_ZONE_MODULES
  const modulePixels =
    options.modulePixels ?? Math.floor((0.7 * Math.min(width, height)) / modulesAcross)
  const side = modulesAcross * modulePixels
  if (modulePixels < 1 || side > Math.min(width, height)) {
    throw new Error(`a ${modulesAcross}-module code does not fit a ${width}x${height} frame`)
  }
  const left = Math.floor((width - side) / 2)
  const top = Math.floor((height - side) / 2)
  const luma = Buffer.alloc(width * height, LUMA_LIGHT)
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue
      const x = left + (col + QUIET_ZONE_MODULES) * modulePixels
      const y = top + (row + QUIET_ZONE_MODULES) * modulePixels
      for (let dy = 0; dy < modulePixels; dy++)
        luma.fill(LUMA_DARK, (y + dy) * width + x, (y + dy) * width + x + modulePixels)
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, CHROMA_NEUTRAL)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)
  await writeFile(path, Buffer.concat([header, ...Array<Buffer>(frames).fill(frame)]))
}

/** Writes a PNG of the QR code of `text`, as a visitor would upload it. */
export async function writeQrPng(path: string, text: string): Promise<void> {
  await QRCode.toFile(path, text, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: QUIET_ZONE_MODULES,
    scale: 8,
  })
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const checksum = Buffer.alloc(4)
  checksum.writeUInt32BE(crc32(typeAndData))
  return Buffer.concat([length, typeAndData, checksum])
}

/** Writes a valid PNG with no QR code in it: a colour gradient, 320x240. */
export async function writeNonQrPng(path: string): Promise<void> {
  const width = 320
  const height = 240
  // Each scanline starts with filter type 0 (none), then RGB triples.
  const scanlines = Buffer.alloc(height * (1 + width * 3))
  for (let y = 0; y < height; y++) {
    const start = y * (1 + width * 3)
    for (let x = 0; x < width; x++) {
      scanlines[start + 1 + x * 3] = Math.round((255 * x) / (width - 1))
      scanlines[start + 2 + x * 3] = Math.round((255 * y) / (height - 1))
      scanlines[start + 3 + x * 3] = 160
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits per channel, truecolour, deflate, adaptive filtering, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  await writeFile(
    path,
    Buffer.concat([
      signature,
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(scanlines)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  )
}
