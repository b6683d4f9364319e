import { writeFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'

/**
 * A camera that sees no code: a white YUV4MPEG2 (4:2:0) video for Chromium's fake capture, as
 * `writeQrVideo` writes one with a code in it.
 */
export async function writeBlankVideo(path: string): Promise<void> {
  const width = 640
  const height = 480
  const frame = Buffer.concat([
    Buffer.from('FRAME\n'),
    Buffer.alloc(width * height, 235),
    Buffer.alloc((width / 2) * (height / 2) * 2, 128),
  ])
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F15:1 Ip A1:1 C420jpeg\n`)
  await writeFile(path, Buffer.concat([header, frame, frame, frame]))
}

/**
 * Keeps every camera stream the page opens on `window`, so a spec can tell whether the camera
 * is still on: Chromium's camera light is on while any video track is live.
 */
export async function watchCameraStreams(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const streams: MediaStream[] = []
    Object.assign(window, { fernwoodCameraStreams: streams })
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices)
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await open(constraints)
      streams.push(stream)
      return stream
    }
  })
}

/** How many camera tracks the page opened, and how many of them are still live. */
export async function cameraTracks(page: Page): Promise<{ opened: number; live: number }> {
  return page.evaluate(() => {
    const streams = (window as unknown as { fernwoodCameraStreams: MediaStream[] })
      .fernwoodCameraStreams
    const tracks = streams.flatMap((stream) => stream.getVideoTracks())
    return {
      opened: tracks.length,
      live: tracks.filter((track) => track.readyState === 'live').length,
    }
  })
}
