import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type {
  Fixtures,
  Page,
  PlaywrightTestArgs,
  PlaywrightTestOptions,
  PlaywrightWorkerArgs,
  PlaywrightWorkerOptions,
} from '@playwright/test'
import { writeQrVideo } from './qr-media'

/** What a test shows Chromium's fake camera: a QR code of `text`, or (null) nothing. */
export type FakeCamera = { cameraSees: (text: string | null) => Promise<void> }
/** The file the fake camera plays, one per worker. */
export type FakeCameraFile = { cameraFile: string }

/**
 * Fixtures for Chromium's fake camera, which plays a file given at launch: the workers of a spec
 * extending its `test` with these launch their own browser. The file is opened each time a page
 * starts the camera, so each test writes what the camera should see before starting it.
 */
export const fakeCamera: Fixtures<
  FakeCamera,
  FakeCameraFile,
  PlaywrightTestArgs & PlaywrightTestOptions,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
> = {
  cameraFile: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const file = join(tmpdir(), `fernwood-camera-${process.pid}-${workerInfo.workerIndex}.y4m`)
      await writeBlankVideo(file)
      await use(file)
      await rm(file, { force: true })
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, cameraFile }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${cameraFile}`,
        ],
      })
    },
    { scope: 'worker' },
  ],
  cameraSees: async ({ cameraFile }, use) => {
    await use((text) =>
      text === null ? writeBlankVideo(cameraFile) : writeQrVideo(cameraFile, text),
    )
  },
}

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

/** A call the camera's start waits on: the video preview's `play()`, or `getUserMedia`. */
export type HeldCall = 'video play' | 'camera request'

/**
 * Holds every `call` the page makes until the returned function is called, which lets them go on:
 * a spec's way into the moment the camera's start waits on it, to act there.
 */
export async function holdUntilReleased(page: Page, call: HeldCall): Promise<() => Promise<void>> {
  await page.addInitScript((held: HeldCall) => {
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    Object.assign(window, { fernwoodRelease: release })
    if (held === 'video play') {
      const play = HTMLMediaElement.prototype.play
      // Resolves on release, as a play that started then would: a video whose source went
      // meanwhile would leave the real play pending.
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        return released.then(() => {
          play.call(this).catch(() => {})
        })
      }
    } else {
      const request = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices)
      navigator.mediaDevices.getUserMedia = (constraints) =>
        released.then(() => request(constraints))
    }
  }, call)
  return () =>
    page.evaluate(async () => {
      ;(window as unknown as { fernwoodRelease: () => void }).fernwoodRelease()
      // React renders what the released call set off before the spec looks: without the wait, a
      // spec that sees nothing wrong might only be looking too soon.
      await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)))
    })
}
